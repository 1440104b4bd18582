import "server-only";
import { costSoFar, hourlyRate } from "@/lib/spend/cluster-cost";
import { reasonText, type LimitReason, type RateSegment } from "@/lib/spend/ledger";
import { formatDuration } from "@/lib/format/duration";
import { formatUsd } from "@/lib/format/money";
import type { NotificationEvent } from "@/lib/vocabulary/notification-events";
import { survivesText } from "@/lib/runcrate/survives";
import { UP_STATUSES } from "@/lib/runcrate/constants";
import type { Cluster } from "@/lib/runcrate/schemas";
import { parseTime } from "@/lib/time";

/**
 * Events from what the guardian observes (lib/limits/server/guard.ts). Pure functions: the same observation gives
 * the same events with the same keys, so a guard run repeated by a retry, a restart or a second instance builds
 * nothing new — the key is the dedupe key per channel (lib/notifications/server/store.ts).
 *
 * Built from the cluster's state, not from a status change seen in one read: a transition a crashed run saw but
 * did not notify is seen again by the next run. Only what happened after Clusterdeck started following the cluster
 * is told (a cluster found already running is not "ready").
 *
 * Nothing secret goes in: names, ids, statuses and figures only — never a key, a session or an address.
 */

export type Observed = {
  cluster: Cluster;
  /** When Clusterdeck started following this cluster. */
  firstSeenAt: number;
  segments: readonly RateSegment[];
  now: number;
  /** The guardian terminated it at a limit. */
  enforced: { reason: LimitReason } | null;
  /** The owner pressed Terminate in this console (an audit entry says so). */
  terminatedHere: boolean;
};

/** A little slack: an API clock slightly behind ours must not hide an event. */
const SLACK_MS = 5 * 60_000;

function clusterRef(c: Cluster): NotificationEvent["cluster"] {
  return { id: c.id, name: c.name, status: c.status };
}

function iso(t: number): string {
  return new Date(t).toISOString();
}

export function eventsFromObservation(o: Observed): NotificationEvent[] {
  const c = o.cluster;
  const out: NotificationEvent[] = [];
  const created = parseTime(c.created_at);
  const since = o.firstSeenAt - SLACK_MS;
  const rate = hourlyRate(c);

  const readyAt = parseTime(c.ready_at) ?? (UP_STATUSES.has(c.status) ? parseTime(c.up_at) : null);
  const over = c.status === "terminated" || c.status === "failed";
  // A cluster whose "ready" was never seen while it ran is not told ready at its end.
  if (!over && readyAt !== null && readyAt >= since) {
    const took = created === null ? null : Math.max(0, readyAt - created);
    out.push({
      key: `cluster-ready:${c.id}`,
      type: "cluster-ready",
      at: iso(readyAt),
      title: `${c.name} is ready`,
      message:
        `${c.name} is ready` +
        (took === null ? "" : ` after ${formatDuration(took)}`) +
        ` (${c.node_count} × ${c.gpus_per_node} ${c.gpu_type}, ${formatUsd(rate)}/h).`,
      cluster: clusterRef(c),
      cost: { hourlyRate: rate, total: null, estimated: false },
      details: { timeToReadySeconds: took === null ? null : Math.round(took / 1000), nodes: c.node_count },
    });
  }

  // Degraded: up, billed, and in trouble. Told once per reason Runcrate gives (a new reason is new news).
  if (c.status === "degraded") {
    const reason = c.failure_reason || "no reason given";
    out.push({
      key: `cluster-degraded:${c.id}:${reason}`,
      type: "cluster-degraded",
      at: iso(o.now),
      title: `${c.name} is degraded`,
      message:
        `${c.name} is degraded: ${c.failure_detail || reason}. It is still up and billed at ${formatUsd(rate)}/h; ` +
        "check it, run a test, or terminate it.",
      cluster: clusterRef(c),
      cost: { hourlyRate: rate, total: null, estimated: false },
      details: { reason, detail: c.failure_detail ?? null, nodes: c.node_count },
    });
  }

  const test = c.last_test;
  const testEnd = parseTime(test?.finished_at);
  if (test && test.status !== "running" && test.status !== "queued" && testEnd !== null && testEnd >= since) {
    const peak = test.result?.peak_busbw_gb_s ?? null;
    const verdict = test.status;
    out.push({
      key: `test-finished:${c.id}:${test.id}`,
      type: "test-finished",
      at: iso(testEnd),
      title: `NCCL test on ${c.name}: ${verdict}`,
      message:
        `The ${test.kind.replace(/_/g, " ")} test on ${c.name} ${verdict === "passed" ? "passed" : `ended: ${verdict}`}` +
        (peak === null ? "" : `, peak bus bandwidth ${peak.toFixed(1)} GB/s`) +
        (test.result?.error ? ` (${test.result.error})` : "") +
        ".",
      cluster: clusterRef(c),
      cost: null,
      details: { verdict, peakBusbwGbS: peak, testId: test.id, nodes: test.result?.nodes ?? c.node_count },
    });
  }

  const endedAt =
    parseTime(c.terminated_at) ?? (c.status === "terminated" || c.status === "failed" ? o.now : null);
  // A followed cluster's end is always news: clusters are followed from their launch (or from a limit set while they
  // run), never found already ended; the key keeps it to once.
  if (c.status === "failed" && endedAt !== null) {
    const reason = c.failure_reason || c.failure_detail || "Runcrate gave no reason";
    const cost = costSoFar(c, o.now, o.segments);
    out.push({
      key: `cluster-failed:${c.id}`,
      type: "cluster-failed",
      at: iso(endedAt),
      title: `${c.name} failed`,
      message: `${c.name} failed: ${reason}.${cost.amount > 0 ? ` It cost ${formatUsd(cost.amount)}.` : ""}`,
      cluster: clusterRef(c),
      cost: { hourlyRate: rate, total: cost.amount, estimated: cost.estimated },
      details: { reason, detail: c.failure_detail ?? null },
    });
  } else if (c.status === "terminated" && endedAt !== null) {
    const cost = costSoFar(c, o.now, o.segments);
    const by = o.enforced ? "limit" : o.terminatedHere ? "you" : "elsewhere";
    const how =
      by === "limit"
        ? `by Clusterdeck: ${reasonText(o.enforced!.reason)}`
        : by === "you"
          ? "from this console"
          : "outside this console";
    out.push({
      // "auto-terminated:" is the key the spending limits' inbox entry has (written with the audit entry): one entry, not two.
      key: by === "limit" ? `auto-terminated:${c.id}` : `cluster-terminated:${c.id}`,
      type: by === "limit" ? "auto-terminated" : "cluster-terminated",
      at: iso(endedAt),
      title: `${c.name} was terminated`,
      message: `${c.name} was terminated ${how}. Final cost ${cost.estimated ? "about " : ""}${formatUsd(cost.amount)}.`,
      cluster: clusterRef(c),
      cost: { hourlyRate: rate, total: cost.amount, estimated: cost.estimated },
      details: { terminatedBy: by, reason: o.enforced ? reasonText(o.enforced.reason) : null },
    });
  }
  return out;
}

export function limitWarningEvent(o: {
  cluster: Cluster;
  what: string;
  limits: { timeLimitMinutes: number | null; budgetLimit: number | null };
  costSoFar: number;
  now: number;
  /** 1: 30 minutes before the end, 2: 5 minutes before. Each is told once per limit setting. */
  stage?: 1 | 2;
  /** Extend, signed for the owner (lib/limits/server/extend-links.ts). */
  links?: NotificationEvent["links"];
}): NotificationEvent {
  const c = o.cluster;
  return {
    key: `limit-warning:${c.id}:${o.limits.timeLimitMinutes ?? "-"}:${o.limits.budgetLimit ?? "-"}:${o.stage ?? 1}`,
    type: "limit-warning",
    at: iso(o.now),
    title: `${c.name} will be terminated soon`,
    message: `${c.name} will be terminated soon: ${o.what}. ${survivesText(c)} Extend it, or change the limit on the cluster page, to keep it.`,
    cluster: clusterRef(c),
    cost: { hourlyRate: hourlyRate(c), total: o.costSoFar, estimated: false },
    details: {
      timeLimitMinutes: o.limits.timeLimitMinutes,
      budgetLimit: o.limits.budgetLimit,
      stage: o.stage ?? 1,
    },
    links: o.links,
  };
}

export function limitUnenforcedEvent(o: {
  clusterId: string;
  clusterName: string;
  status: string;
  problem: string;
  now: number;
}): NotificationEvent {
  return {
    key: `limit-unenforced:${o.clusterId}`,
    type: "limit-unenforced",
    at: iso(o.now),
    title: `The limit on ${o.clusterName} could not be enforced`,
    message: `The limit on ${o.clusterName} could not be enforced: ${o.problem} Clusterdeck keeps trying.`,
    cluster: { id: o.clusterId, name: o.clusterName, status: o.status },
    cost: null,
    details: { problem: o.problem },
  };
}

/**
 * A key's runway fell below the user's threshold. Told at most once per key per UTC day (the key's label, never the
 * key). Null when the runway is fine or nothing burns.
 */
export function balanceLowEvent(o: {
  key: { id: string; label: string };
  balance: number;
  burnPerHour: number;
  thresholdHours: number;
  now: number;
}): NotificationEvent | null {
  if (o.burnPerHour <= 0) return null;
  const runway = Math.max(0, o.balance) / o.burnPerHour;
  if (runway >= o.thresholdHours) return null;
  const day = iso(o.now).slice(0, 10);
  return {
    key: `balance-low:${o.key.id}:${day}`,
    type: "balance-low",
    at: iso(o.now),
    title: `Balance low on ${o.key.label}`,
    message:
      `The balance of ${o.key.label} is ${formatUsd(o.balance)}: about ${formatDuration(runway * 3_600_000)} at ` +
      `${formatUsd(o.burnPerHour)}/h, below your ${o.thresholdHours} h threshold. Add credit so running clusters keep running.`,
    cluster: null,
    cost: { hourlyRate: o.burnPerHour, total: null, estimated: false },
    details: {
      keyLabel: o.key.label,
      balance: o.balance,
      runwayHours: Math.round(runway * 100) / 100,
      thresholdHours: o.thresholdHours,
    },
  };
}

/**
 * An admin of the team ended or resized a cluster someone else launched, or handed one to a member: its owner (the new
 * one, for a hand-on) is told who, what and why. One per action (keyed by when it was done), so two resizes are two
 * events.
 */
export function colleagueActionEvent(o: {
  cluster: Cluster;
  by: string;
  did: "terminated" | "resized" | "transferred";
  detail: string;
  reason: string;
  now: number;
}): NotificationEvent {
  const c = o.cluster;
  const said = o.reason ? ` Their reason: ${o.reason}` : "";
  const what = {
    terminated: `terminated ${c.name}`,
    resized: `resized ${c.name} (${o.detail})`,
    transferred: `handed ${c.name} to you`,
  }[o.did];
  const title = `${o.by} ${what}`;
  const message =
    o.did === "transferred"
      ? `${title}: it is yours from now on.${said}`
      : `${title}, a cluster you launched.${said}`;
  return {
    key: `colleague-action:${c.id}:${o.did}:${o.now}`,
    type: "colleague-action",
    at: iso(o.now),
    title,
    message,
    cluster: clusterRef(c),
    cost: null,
    details: { by: o.by, action: o.did, reason: o.reason },
  };
}
