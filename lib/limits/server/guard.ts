import "server-only";
import { costSoFar } from "@/lib/spend/cluster-cost";
import {
  limitState,
  nextCheckDelay,
  reasonText,
  warnStage,
  type LimitReason,
  type Limits,
  type RateSegment,
} from "@/lib/spend/ledger";
import { limitWarning } from "./limit-warning";
import type { Cluster } from "@/lib/runcrate/schemas";
import { survivesText } from "@/lib/runcrate/survives";
import { keepClusterHistory } from "@/lib/clusters/server/cluster-timeline";
import type { Db } from "@/lib/server/db/client";
import {
  claimEnforcement,
  closeGuard,
  completeEnforcement,
  enforcementFailed,
  limitsOfCluster,
  markWarned,
  setProblem,
  type ClusterLimitsView,
} from "@/lib/limits/server/cluster-limits";
import { getTracked, recordObservation, type GuardRef } from "@/lib/spend/server/tracked-clusters";
import { log } from "@/lib/server/log";
import { limitUnenforcedEvent } from "@/lib/notifications/server/events";
import {
  checkBalance,
  recordOnly,
  tell,
  tellObservation,
  type Notify,
} from "@/lib/notifications/server/observe";
import { readCluster } from "@/lib/runcrate/server/reads";
import type { RuncrateClient } from "@/lib/runcrate/server/client";
import { isRuncrateError } from "@/lib/runcrate/server/errors";
import { parseTime } from "@/lib/time";

/**
 * One run of a cluster's guard: read the cluster once (through the pages' coalescing reads), fold what it says into
 * the spend record, and enforce its limits. Returns when to run again (null: the guard is finished). pg-boss runs it
 * (lib/limits/server/worker.ts); everything here is plain async code with its dependencies passed in, so tests
 * drive it with a fake clock and client.
 *
 * Exactly once: only the caller that wins `claimEnforcement` sends the DELETE, and the audit entry is written in the
 * same transaction that marks the limit enforced. A claim whose holder died runs out after LEASE_MS; the next run
 * reads the cluster first, and a cluster already terminating is recorded as enforced without a second DELETE.
 */

export type GuardClient = Pick<
  RuncrateClient,
  "getCluster" | "terminateCluster" | "listClusters" | "listOffers" | "getBalance"
>;

/** The stored key the guardian acts with, and the team it belongs to (its audit entries go to that team's log). */
export type GuardKey = { id: string; label: string; environment: string | null; teamId?: string | null };

export type GuardDeps = {
  db: Db;
  /** A client bound to the stored key (decrypted for this run only), or null when the key was deleted. */
  clientFor: (keyId: string) => Promise<{ key: GuardKey; client: GuardClient } | null>;
  now: () => number;
  /** The longest wait between two reads of a guarded cluster (30 s; GUARDIAN_INTERVAL_MS in tests). */
  intervalMs: number;
  /** Where the events a run builds go. Default: recorded per channel, sent by the delivery sweep. */
  notify?: Notify;
};

export const LEASE_MS = 120_000;
/** A limit counts as reached this close to its deadline (budget arithmetic in floating point). */
const EDGE_MS = 500;
const MAX_BACKOFF_MS = 5 * 60_000;

const guardLog = log.child({ area: "guardian" });

export type GuardOutcome =
  "observed" | "warned" | "enforced" | "ended" | "gone" | "unenforceable" | "read-failed" | "untracked";

export type GuardResult = { outcome: GuardOutcome; nextInMs: number | null };

const TERMINAL = new Set(["terminated", "failed"]);

function backoff(attempts: number, base: number): number {
  return Math.min(MAX_BACKOFF_MS, base * 2 ** Math.max(0, Math.min(10, attempts - 1)));
}

function hasLimits(l: ClusterLimitsView | null): l is ClusterLimitsView {
  return !!l && (l.timeLimitMinutes !== null || l.budgetLimit !== null);
}

function hasEndRequest(l: ClusterLimitsView | null): l is ClusterLimitsView {
  return !!l && l.endRequestedAt !== null;
}

export async function runGuard(deps: GuardDeps, ref: GuardRef): Promise<GuardResult> {
  const { db } = deps;
  const { clusterId } = ref;
  const notify = deps.notify ?? recordOnly(db);
  const tracked = await getTracked(db, ref);
  if (!tracked) return { outcome: "untracked", nextInMs: null };
  // Enforcement failed: the ledger records it (and its inbox entry); the other channels hear of it once too.
  const unenforced = async (problem: string, at?: Date): Promise<number> => {
    const attempts = await enforcementFailed(db, ref, tracked.userId, tracked.name, problem, at);
    await tell(
      notify,
      tracked.userId,
      limitUnenforcedEvent({
        clusterId,
        clusterName: tracked.name,
        status: tracked.status,
        problem,
        now: deps.now(),
      }),
    );
    return attempts;
  };
  const limits = await limitsOfCluster(db, ref);
  const guarding =
    (hasLimits(limits) || hasEndRequest(limits)) &&
    (limits.state === "watching" || limits.state === "enforcing");
  if (TERMINAL.has(tracked.status) && tracked.endedAt !== null) {
    if (guarding) await closeGuard(db, ref);
    return { outcome: "ended", nextInMs: null };
  }

  const bound = tracked.keyId ? await deps.clientFor(tracked.keyId) : null;
  if (!bound) {
    const problem =
      "The Runcrate key this cluster was launched with was deleted, so Clusterdeck can't read or terminate it. Add the key again, or terminate the cluster yourself.";
    if (!guarding) return { outcome: "unenforceable", nextInMs: null };
    const attempts = await unenforced(problem);
    return { outcome: "unenforceable", nextInMs: backoff(attempts, deps.intervalMs) };
  }

  let cluster: Cluster;
  try {
    cluster = await readCluster({ key: bound.key, client: bound.client }, clusterId);
    // NCCL runs and events seen while nobody has the page open are kept too: a read holds only the last 50 events.
    cluster = await keepClusterHistory(bound.key.id, cluster, db);
  } catch (e) {
    if (isRuncrateError(e) && e.kind === "not_found") {
      // Gone from the workspace: terminated and purged elsewhere. Close quietly.
      if (guarding) await closeGuard(db, ref);
      return { outcome: "gone", nextInMs: null };
    }
    const why = isRuncrateError(e) ? e.userMessage : "the read failed";
    guardLog.warn({ clusterId, kind: isRuncrateError(e) ? e.kind : "unknown" }, "guard read failed");
    if (!guarding) return { outcome: "read-failed", nextInMs: deps.intervalMs };
    const revoked = isRuncrateError(e) && (e.kind === "unauthorized" || e.kind === "forbidden");
    if (revoked) {
      const attempts = await unenforced(`Runcrate refused the stored key (${why})`);
      return { outcome: "unenforceable", nextInMs: backoff(attempts, deps.intervalMs) };
    }
    const attempts = await setProblem(db, ref, `Clusterdeck couldn't read the cluster: ${why}`);
    return { outcome: "read-failed", nextInMs: backoff(attempts, 5_000) };
  }

  const now = deps.now();
  const billedSince = parseTime(cluster.billing?.billed_since) ?? parseTime(cluster.up_at);
  const ended = parseTime(cluster.terminated_at) ?? (TERMINAL.has(cluster.status) ? now : null);
  const segments = await recordObservation(db, ref, {
    at: now,
    billedSince,
    endedAt: ended,
    ratePerNode: cluster.hourly_rate_per_node,
    nodes: cluster.billing?.nodes_billed ?? cluster.node_count,
    status: cluster.status,
    name: cluster.name,
    gpuType: cluster.gpu_type,
    gpusPerNode: cluster.gpus_per_node,
  });

  const observed = (enforced: { reason: LimitReason } | null) =>
    tellObservation(db, notify, {
      userId: tracked.userId,
      cluster,
      firstSeenAt: tracked.firstSeenAt,
      segments,
      now,
      enforced,
    });

  const over = TERMINAL.has(cluster.status) || cluster.status === "terminating";
  if (over) {
    let enforced = limits?.state === "enforced" ? { reason: limits.reason ?? "time" } : null;
    if (guarding && limits.state === "enforcing") {
      // Our DELETE went through but its answer was lost (or our holder died after sending it): record it once.
      await finish(deps, ref, tracked.userId, bound.key, cluster, limits.reason ?? "time");
      enforced = { reason: limits.reason ?? "time" };
    } else if (guarding) {
      await closeGuard(db, ref);
    }
    await observed(enforced);
    return { outcome: "ended", nextInMs: TERMINAL.has(cluster.status) ? null : deps.intervalMs };
  }

  await observed(null);
  await checkBalance(db, notify, {
    userId: tracked.userId,
    key: bound.key,
    client: bound.client,
    burnFallback: openRateOf(segments, cluster),
    now,
  });

  if (!guarding) return { outcome: "observed", nextInMs: deps.intervalMs };

  const l: Limits = { timeLimitMinutes: limits.timeLimitMinutes, budgetLimit: limits.budgetLimit };
  const cost = costSoFar(cluster, now, segments);
  const rate = openRateOf(segments, cluster);
  const state = limitState({ billedSince, cost: cost.amount, rate, limits: l }, now);
  // A team budget reached ends the cluster now; otherwise its own limit when its deadline comes.
  const due: LimitReason | null =
    limits.endRequestedAt !== null
      ? "team-budget"
      : state.deadline !== null && state.deadline <= now + EDGE_MS
        ? (state.reason ?? "time")
        : null;
  if (due !== null) {
    const reason = due;
    if (!(await claimEnforcement(db, ref, reason, LEASE_MS, new Date(now)))) {
      // Another instance holds the claim; look again when its lease could have run out.
      return { outcome: "observed", nextInMs: Math.min(deps.intervalMs, LEASE_MS) };
    }
    try {
      // The Terminate button's own client call (typed errors, retries of a safe DELETE).
      await bound.client.terminateCluster(clusterId);
    } catch (e) {
      if (isRuncrateError(e) && e.kind === "not_found") {
        await closeGuard(db, ref);
        return { outcome: "gone", nextInMs: null };
      }
      const why = isRuncrateError(e) ? e.userMessage : "the request failed";
      guardLog.error({ clusterId, kind: isRuncrateError(e) ? e.kind : "unknown" }, "guard terminate failed");
      const attempts = await unenforced(`Runcrate did not terminate it (${why})`, new Date(now));
      return { outcome: "unenforceable", nextInMs: backoff(attempts, 5_000) };
    }
    await finish(deps, ref, tracked.userId, bound.key, cluster, reason);
    return { outcome: "enforced", nextInMs: deps.intervalMs };
  }

  if (limits.problem) await setProblem(db, ref, null);
  let outcome: GuardOutcome = "observed";
  const stage = warnStage(state, now);
  if (stage > 0 && (await markWarned(db, ref, stage === 2 ? 2 : 1))) {
    outcome = "warned";
    await tell(
      notify,
      tracked.userId,
      limitWarning({ cluster, owner: tracked.userId, limits: l, state, costSoFar: cost.amount, now }),
    );
  }
  return { outcome, nextInMs: nextCheckDelay(state.deadline, now, deps.intervalMs) };
}

function openRateOf(segments: readonly RateSegment[], c: Cluster): number {
  const last = segments.at(-1);
  if (last && last.to === null) return last.ratePerNode * last.nodes;
  return c.hourly_rate_per_node * (c.billing?.nodes_billed ?? c.node_count);
}

async function finish(
  deps: GuardDeps,
  ref: GuardRef,
  userId: string,
  key: GuardKey,
  cluster: Cluster,
  reason: LimitReason,
): Promise<void> {
  const detail = `auto-terminated: ${reasonText(reason)}`;
  const done = await completeEnforcement(
    deps.db,
    ref,
    {
      userId,
      teamId: key.teamId ?? null,
      action: "auto-terminate",
      clusterId: cluster.id,
      clusterName: cluster.name,
      keyLabel: key.label,
      detail,
    },
    {
      message: `${cluster.name} was terminated by Clusterdeck: ${reasonText(reason)}. ${survivesText(cluster)}`,
    },
  );
  if (done) guardLog.info({ clusterId: cluster.id, reason }, "cluster auto-terminated");
}
