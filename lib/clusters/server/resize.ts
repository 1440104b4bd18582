import "server-only";
import { ActionError } from "@/lib/server/action-error";
import { recordAudit } from "@/lib/audit/server/audit";
import { getDb } from "@/lib/server/db/client";
import { formatHourly } from "@/lib/format/money";
import { enforceChange } from "@/lib/policies/server/guardrails";
import type { PolicyBreach } from "@/lib/policies/policy";
import { clusterHourlyRate } from "@/lib/spend/estimate";
import { resizeBlocked, validNodeCounts } from "@/lib/clusters/node-counts";
import { readOfferOf } from "@/lib/runcrate/server/reads";
import type { RuncrateClient } from "@/lib/runcrate/server/client";
import type { Cluster } from "@/lib/runcrate/schemas";
import type { Whose } from "@/lib/teams/permissions";
import type { TeamMembership } from "@/lib/teams/roles";
import { tellOwner } from "./tell-owner";

/**
 * Resizing a cluster: checked (the offer allows the count, the cluster can be resized now, the person's role allows
 * it on this cluster), then the team's rules, then PATCH /clusters/{id}. The same path serves the cluster page and an
 * approved request (which waives the rules it was about).
 */

export type ResizeContext = {
  user: { id: string; email: string };
  team: TeamMembership;
  key: { id: string; label: string; environment: string | null };
  client: RuncrateClient;
  allow: (action: "resize", on: { clusterId: string; reason?: string | null }) => Promise<{ whose: Whose }>;
};

export type ResizeInput = { id: string; nodeCount: number; reason?: string };

/** A resize checked, nothing changed yet: the cluster, whose it is, and what the team's rules judge. */
export async function prepareResize(ctx: ResizeContext, { id, nodeCount, reason }: ResizeInput) {
  // GET /clusters/{id}: an id the team's key does not reach is "not found" before anyone's role is asked.
  const cluster = await ctx.client.getCluster(id);
  const { whose } = await ctx.allow("resize", { clusterId: id, reason });
  const offer = await readOfferOf(ctx, cluster).catch(() => null);
  const blocked = resizeBlocked(cluster, offer);
  if (blocked) throw new ActionError(blocked, "conflict");
  if (nodeCount === cluster.node_count) {
    throw new ActionError(`The cluster already has ${nodeCount} nodes.`, "invalid-input", {
      nodeCount: "Pick a different count.",
    });
  }
  if (!validNodeCounts(offer).includes(nodeCount)) {
    throw new ActionError(`${nodeCount} nodes is not allowed for this offer.`, "invalid-input", {
      nodeCount: "Not an allowed node count for this offer.",
    });
  }
  const hourlyRate = clusterHourlyRate(cluster.hourly_rate_per_node, nodeCount);
  const before = clusterHourlyRate(cluster.hourly_rate_per_node, cluster.node_count);
  return {
    cluster,
    whose,
    hourlyRate,
    before,
    guardrails: {
      case: { nodes: nodeCount, hourlyRate },
      change: { adds: { clusters: 0, hourlyRate: hourlyRate - before } },
    },
  };
}

/** A resize in words: "train: 2 → 4 nodes, $19.92/h → $39.84/h". */
export function resizeSummary(p: Awaited<ReturnType<typeof prepareResize>>, nodeCount: number): string {
  return `${p.cluster.name}: ${p.cluster.node_count} → ${nodeCount} nodes, ${formatHourly(p.before)} → ${formatHourly(p.hourlyRate)}`;
}

/**
 * Resizes within the team's rules but those in `waive`; audited, and the one who launched a colleague's cluster is
 * told who resized it and why.
 */
export async function resizeFor(
  ctx: ResizeContext,
  input: ResizeInput,
  waive: ReadonlySet<PolicyBreach["rule"]> = new Set(),
): Promise<Cluster> {
  const prepared = await prepareResize(ctx, input);
  const { cluster, whose, guardrails } = prepared;
  const db = await getDb();
  await enforceChange(db, { teamId: ctx.team.teamId, userId: ctx.user.id }, guardrails, waive);
  // PATCH /clusters/{id}
  const after = await ctx.client.resizeCluster(input.id, input.nodeCount);
  const change = `${cluster.node_count} → ${input.nodeCount} nodes`;
  const reason = input.reason?.trim() || undefined;
  await recordAudit({
    userId: ctx.user.id,
    teamId: ctx.team.teamId,
    action: "resize",
    clusterId: input.id,
    clusterName: cluster.name,
    keyLabel: ctx.key.label,
    detail: whose === "colleague" && reason ? `${change} · reason: ${reason}` : change,
  });
  if (whose === "colleague" && reason)
    await tellOwner(db, { team: ctx.team, actor: ctx.user, cluster, did: "resized", detail: change, reason });
  return after;
}
