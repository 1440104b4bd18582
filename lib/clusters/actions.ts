"use server";

import { z } from "zod";
import { ActionError } from "@/lib/server/action-error";
import { runcrateAction } from "@/lib/keys/server/runcrate-action";
import { recordAudit } from "@/lib/audit/server/audit";
import { getDb } from "@/lib/server/db/client";
import { tellOwner } from "@/lib/clusters/server/tell-owner";
import { resizeFor } from "@/lib/clusters/server/resize";
import { transferCluster } from "@/lib/teams/server/team-clusters";
import { clusterIdSchema } from "@/lib/runcrate/cluster-id";
import { MAX_NODES, MIN_NODES, type Cluster, type ClusterTest } from "@/lib/runcrate/schemas";

/**
 * Cluster mutations: terminate, resize, start an NCCL test. Each reads the cluster first with the team's key (so a
 * foreign or unknown id fails as not found before anything changes), asks whether the person's role allows it on
 * this cluster (lib/teams/server/authorize.ts), re-checks on the server what the page checked, calls Runcrate, and
 * records the action in the audit trail.
 */

/** Why an admin ends or changes a colleague's cluster; the owner is told, and it is in the audit. */
const reasonSchema = z.string().trim().max(500, "Keep the reason under 500 characters.").optional();

const terminateInput = z.object({
  id: clusterIdSchema,
  confirmName: z.string().max(200),
  reason: reasonSchema,
});

/** The audit's detail, with the reason given for acting on a colleague's cluster. */
const withReason = (detail: string, whose: string, reason: string | undefined) =>
  whose === "colleague" && reason ? `${detail} · reason: ${reason}` : detail;

/** A colleague's cluster ended or resized: whoever launched it is told who did it and why. */
async function tellLauncher(
  whose: string,
  o: Omit<Parameters<typeof tellOwner>[1], "reason"> & { reason: string | undefined },
) {
  if (whose === "colleague" && o.reason) await tellOwner(await getDb(), { ...o, reason: o.reason });
}

export const terminateCluster = runcrateAction(
  terminateInput,
  async ({ id, confirmName, reason }, { user, team, key, client, allow }): Promise<Cluster> => {
    // GET /clusters/{id}: an id the team's key does not reach is "not found" before anyone's role is asked.
    const cluster = await client.getCluster(id);
    const { whose } = await allow("terminate", {
      clusterId: id,
      reason,
    });
    if (confirmName.trim() !== cluster.name) {
      throw new ActionError(`Type the cluster's name, ${cluster.name}, to confirm.`, "invalid-input", {
        confirmName: "That is not the cluster's name.",
      });
    }
    // DELETE /clusters/{id} (200/202 with the cluster, a 202 `{id, status}` stub, or 204)
    const answer = await client.terminateCluster(id);
    const after: Cluster =
      answer === null || "stub" in answer ? { ...cluster, status: answer?.status ?? "terminating" } : answer;
    await recordAudit({
      userId: user.id,
      teamId: team.teamId,
      action: "terminate",
      clusterId: id,
      clusterName: cluster.name,
      keyLabel: key.label,
      detail: withReason(`was ${cluster.status || "(no status)"}`, whose, reason),
    });
    await tellLauncher(whose, { team, actor: user, cluster, did: "terminated", detail: "", reason });
    return after;
  },
);

const resizeInput = z.object({
  id: clusterIdSchema,
  nodeCount: z.number().int().min(MIN_NODES).max(MAX_NODES),
  reason: reasonSchema,
});

export const resizeCluster = runcrateAction(resizeInput, async (input, ctx): Promise<Cluster> =>
  resizeFor(ctx, input),
);

const testInput = z.object({ id: clusterIdSchema });

export const startClusterTest = runcrateAction(
  testInput,
  async ({ id }, { user, team, key, client, allow }): Promise<ClusterTest> => {
    const cluster = await client.getCluster(id);
    await allow("test", { clusterId: id });
    // POST /clusters/{id}/tests — the API answers 409 when the cluster is not ready or a test runs; passed through.
    const test = await client.startTest(id);
    await recordAudit({
      userId: user.id,
      teamId: team.teamId,
      action: "test",
      clusterId: id,
      clusterName: cluster.name,
      keyLabel: key.label,
      detail: test.kind,
    });
    return test;
  },
);

const transferInput = z.object({
  id: clusterIdSchema,
  to: z.uuid("Choose who gets it."),
  reason: reasonSchema,
});

const TRANSFER_REFUSED = {
  not_launched_here:
    "This cluster was made outside Clusterdeck (the API, the CLI or Runcrate's dashboard): nobody owns it here to hand it on.",
  no_such_heir: "Choose a member of the team who may act on clusters (not a viewer).",
  already_theirs: "It is theirs already.",
} as const;

/**
 * Hands a cluster launched with the team's key to another member (for leave or a departure): they own it from then
 * on, act on it as theirs and are told. An admin's action, audited with who had it and the reason given.
 */
export const transferClusterAction = runcrateAction(
  transferInput,
  async ({ id, to, reason }, { user, team, key, client, allow }): Promise<{ to: string }> => {
    if (team.personal)
      throw new ActionError(
        "Clusters on your own key are yours alone: there is nobody to hand them to.",
        "forbidden",
      );
    const cluster = await client.getCluster(id);
    await allow("transfer", { clusterId: id });
    const moved = await transferCluster(await getDb(), team.teamId, id, to);
    if (!moved.ok) {
      const message = TRANSFER_REFUSED[moved.reason];
      throw new ActionError(
        message,
        moved.reason === "not_launched_here" ? "conflict" : "invalid-input",
        moved.reason === "not_launched_here" ? undefined : { to: message },
      );
    }
    await recordAudit({
      userId: user.id,
      teamId: team.teamId,
      action: "cluster-transferred",
      clusterId: id,
      clusterName: cluster.name,
      keyLabel: key.label,
      detail: `${moved.from} → ${moved.to}${reason ? ` · reason: ${reason}` : ""}`,
    });
    await tellOwner(await getDb(), {
      team,
      actor: user,
      cluster,
      did: "transferred",
      detail: "",
      reason: reason ?? "",
    });
    return { to: moved.to };
  },
);
