import "server-only";
import { ActionError } from "@/lib/server/action-error";
import { getDb } from "@/lib/server/db/client";
import { formatMinutes } from "@/lib/format/duration";
import type { PolicyBreach, PolicyCase } from "@/lib/policies/policy";
import type { GuardedChange } from "@/lib/policies/server/guardrails";
import { prepareResize, resizeFor, resizeSummary, type ResizeContext } from "@/lib/clusters/server/resize";
import { extendCluster, extendSummary, prepareExtend } from "@/lib/limits/server/extend";
import { basisOf, type Basis } from "@/lib/limits/server/extend-links";
import { limitsOfCluster } from "@/lib/limits/server/cluster-limits";
import { guardRef } from "@/lib/spend/server/tracked-clusters";
import type { Whose } from "@/lib/teams/permissions";

/**
 * The changes to a running cluster that can be sent for approval when the team's rules refuse them: an extension of
 * its limits, or a resize. Prepared (checked, in words, what the rules judge) when asked; run as the requester, past
 * the rules the request was about, when approved — an extension only while the cluster's limits are still the ones
 * it was asked against, so an approval never extends twice.
 */

export type ChangeAsk =
  | { kind: "extend"; id: string; minutes: number; idempotencyKey: string }
  | { kind: "resize"; id: string; nodeCount: number; reason?: string; idempotencyKey: string };

type Payload =
  | { clusterId: string; minutes: number; basis: Basis }
  | { clusterId: string; nodeCount: number; reason?: string };

/** The context a change runs in: the person's (or the requester's, for an approval), the team's key. */
export type ChangeContext = Omit<ResizeContext, "allow"> & {
  allow: (
    action: "resize" | "limits",
    on: { clusterId: string; reason?: string | null },
  ) => Promise<{ whose: Whose }>;
};

export type PreparedChange = {
  clusterId: string;
  clusterName: string;
  summary: string;
  payload: Payload;
  case: PolicyCase;
  change: GuardedChange;
};

export async function prepareChange(ctx: ChangeContext, ask: ChangeAsk): Promise<PreparedChange> {
  if (ask.kind === "extend") {
    const p = await prepareExtend(ctx, ask.id, ask.minutes);
    return {
      clusterId: p.cluster.id,
      clusterName: p.cluster.name,
      summary: extendSummary(p, ask.minutes),
      payload: { clusterId: p.cluster.id, minutes: ask.minutes, basis: basisOf(p.current) },
      case: p.guardrails.case,
      change: p.guardrails.change,
    };
  }
  const p = await prepareResize(ctx, { id: ask.id, nodeCount: ask.nodeCount, reason: ask.reason });
  return {
    clusterId: p.cluster.id,
    clusterName: p.cluster.name,
    summary: resizeSummary(p, ask.nodeCount),
    payload: { clusterId: p.cluster.id, nodeCount: ask.nodeCount, reason: ask.reason },
    case: p.guardrails.case,
    change: p.guardrails.change,
  };
}

/** Runs an approved change as its requester; the words for what was done. */
export async function runApprovedChange(
  ctx: ChangeContext,
  kind: "extend" | "resize",
  payload: Record<string, unknown>,
  waive: ReadonlySet<PolicyBreach["rule"]>,
): Promise<{ cluster: { id: string; name: string }; outcome: string }> {
  if (kind === "extend") {
    const { clusterId, minutes, basis } = payload as Extract<Payload, { minutes: number }>;
    const now = await limitsOfCluster(await getDb(), guardRef(ctx.key.id, clusterId));
    const asked = now ? basisOf(now) : null;
    if (
      !asked ||
      asked.timeLimitMinutes !== basis.timeLimitMinutes ||
      asked.budgetCents !== basis.budgetCents
    )
      throw new ActionError(
        "the cluster's limits changed since the request: extend it again if it still needs it",
      );
    const done = await extendCluster(ctx, clusterId, minutes, undefined, waive);
    return { cluster: { id: clusterId, name: done.name }, outcome: `extended by ${formatMinutes(minutes)}` };
  }
  const { clusterId, nodeCount, reason } = payload as Extract<Payload, { nodeCount: number }>;
  const after = await resizeFor(ctx, { id: clusterId, nodeCount, reason }, waive);
  return { cluster: { id: clusterId, name: after.name }, outcome: `resized to ${nodeCount} nodes` };
}
