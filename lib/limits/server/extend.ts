import "server-only";
import { z } from "zod";
import { ActionError } from "@/lib/server/action-error";
import { recordAudit } from "@/lib/audit/server/audit";
import { getDb } from "@/lib/server/db/client";
import { processEngine } from "@/lib/server/jobs/process-engine";
import { formatMinutes } from "@/lib/format/duration";
import { describeLimits } from "@/lib/limits/input";
import { enforceChange } from "@/lib/policies/server/guardrails";
import type { PolicyBreach } from "@/lib/policies/policy";
import type { RuncrateClient } from "@/lib/runcrate/server/client";
import { hourlyRate } from "@/lib/spend/cluster-cost";
import { guardRef } from "@/lib/spend/server/tracked-clusters";
import type { Limits } from "@/lib/spend/ledger";
import { limitsOfCluster, setLimits } from "./cluster-limits";
import { basisOf, type Basis } from "./extend-links";
import { maxTimeLimitMinutes, scheduleGuard } from "./worker";

/**
 * Extend: a cluster near its limit keeps running longer. Its time limit grows by the minutes asked; its budget limit
 * by what it costs in those minutes at its rate now. Within the team's policy (its longest time limit) and budgets
 * it applies at once; past them the answer is "outside-policy". From the cluster page, or from the signed link in
 * the warning's email and webhook, which works once: it names the limits it was sent for, and an extension changes
 * them.
 */

/**
 * What an extension may add, in minutes: 5 minutes to a week (the actions' input). Here, not beside EXTEND_CHOICES:
 * the browser never checks it, and zod stays out of the pages that show the Extend buttons.
 */
export const extendMinutesSchema = z
  .number()
  .int()
  .min(5)
  .max(7 * 24 * 60);

type Ctx = {
  /** May this person change the cluster's limits (their role, whose cluster it is)? Throws when not. */
  allow: (action: "limits", on: { clusterId: string }) => Promise<unknown>;
  user: { id: string };
  team: { teamId: string };
  key: { id: string; label: string };
  client: RuncrateClient;
};

/**
 * An extension checked, nothing changed yet: the cluster, its limits after, and what the team's rules judge (an
 * approval request is about these).
 */
export async function prepareExtend(ctx: Ctx, clusterId: string, minutes: number, basis?: Basis) {
  // GET /clusters/{id} with the team's key: an id it does not reach is "not found" before anyone's role is asked.
  const cluster = await ctx.client.getCluster(clusterId);
  await ctx.allow("limits", { clusterId: cluster.id });
  if (cluster.status === "terminated" || cluster.status === "failed")
    throw new ActionError("This cluster has ended; there is nothing to extend.", "conflict");
  const db = await getDb();
  // Its limits as followed through this key (a cluster id says nothing outside its workspace).
  const ref = guardRef(ctx.key.id, cluster.id);
  const current = await limitsOfCluster(db, ref);
  if (
    !current ||
    current.state !== "watching" ||
    (current.timeLimitMinutes === null && current.budgetLimit === null)
  )
    throw new ActionError("This cluster has no limit to extend.", "conflict");
  if (
    basis &&
    (basis.timeLimitMinutes !== current.timeLimitMinutes ||
      basis.budgetCents !== basisOf(current).budgetCents)
  )
    throw new ActionError(
      "This link was used already: the cluster's limits changed since it was sent. Extend it on its page.",
      "conflict",
    );
  const rate = hourlyRate(cluster);
  const next: Limits = {
    timeLimitMinutes: current.timeLimitMinutes === null ? null : current.timeLimitMinutes + minutes,
    budgetLimit:
      current.budgetLimit === null
        ? null
        : Math.round((current.budgetLimit + (rate * minutes) / 60) * 100) / 100,
  };
  const ceiling = maxTimeLimitMinutes();
  if (ceiling !== null && next.timeLimitMinutes !== null && next.timeLimitMinutes > ceiling)
    throw new ActionError(
      `This instance allows time limits of at most ${formatMinutes(ceiling)}; this would make it ${formatMinutes(next.timeLimitMinutes)}.`,
      "invalid-input",
    );
  return {
    ref,
    cluster,
    current,
    next,
    guardrails: {
      case: { timeLimitMinutes: next.timeLimitMinutes },
      change: { adds: { clusters: 0, hourlyRate: 0 }, reserve: { rate, timeLimitMinutes: minutes } },
    },
  };
}

/** What an extension is, in words: "train: extend by 4 h (time 8 h → time 12 h)". */
export function extendSummary(p: Awaited<ReturnType<typeof prepareExtend>>, minutes: number): string {
  return `${p.cluster.name}: extend by ${formatMinutes(minutes)} (${describeLimits(p.current)} → ${describeLimits(p.next)})`;
}

/**
 * Extends a cluster's limits, within the team's rules but those in `waive` (an approved request's): past them the
 * answer is "outside-policy" and nothing changes.
 */
export async function extendCluster(
  ctx: Ctx,
  clusterId: string,
  minutes: number,
  basis?: Basis,
  waive: ReadonlySet<PolicyBreach["rule"]> = new Set(),
) {
  const { ref, cluster, next, guardrails } = await prepareExtend(ctx, clusterId, minutes, basis);
  const db = await getDb();
  await enforceChange(db, { teamId: ctx.team.teamId, userId: ctx.user.id }, guardrails, waive);
  const view = await setLimits(db, ref, next);
  await recordAudit({
    userId: ctx.user.id,
    teamId: ctx.team.teamId,
    action: "limits",
    clusterId: cluster.id,
    clusterName: cluster.name,
    keyLabel: ctx.key.label,
    detail: `extended by ${formatMinutes(minutes)} · limits: ${describeLimits(next)}`,
  });
  // The guard reads it again now (its next run would anyway, within the interval).
  await processEngine()
    .then((e) => scheduleGuard(e.boss, ref, 0))
    .catch(() => null);
  return { name: cluster.name, timeLimitMinutes: view.timeLimitMinutes, budgetLimit: view.budgetLimit };
}
