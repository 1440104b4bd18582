import type { LimitReason } from "@/lib/server/db/schema/limits";
/**
 * The spend record's arithmetic (no I/O), shared by the guardian (lib/limits/server) and the pages.
 *
 * A cluster is billed in rate segments: from `from` to `to` (null while open), `nodes` machines at `ratePerNode`
 * dollars per machine-hour. A resize closes one segment and opens the next; termination closes the last. The guardian
 * records one observation per read; `observe` turns the observations into segments. Cost is the sum over segments
 * of hours × ratePerNode × nodes — never the API object's current `nodes_billed`, which drops to 0 once a cluster
 * is terminated.
 */

export type RateSegment = { ratePerNode: number; nodes: number; from: number; to: number | null };

const HOUR = 3_600_000;

/** Dollars of one segment up to `now` (an open segment grows; a segment "ending" before it began costs 0). */
export function segmentCost(s: RateSegment, now: number): number {
  const end = s.to ?? now;
  const ms = Math.max(0, end - s.from);
  return (ms / HOUR) * s.ratePerNode * Math.max(0, s.nodes);
}

export function ledgerCost(segments: readonly RateSegment[], now: number): number {
  let sum = 0;
  for (const s of segments) sum += segmentCost(s, now);
  return sum;
}

/** Node-hours billed: each segment's nodes times its hours (an open one until `now`). */
export function nodeHours(segments: readonly RateSegment[], now: number): number {
  let sum = 0;
  for (const s of segments) sum += (s.nodes * Math.max(0, (s.to ?? now) - s.from)) / 3_600_000;
  return sum;
}

/** The rate (dollars per hour) being billed now: the open segment's, 0 when none is open. */
export function openRate(segments: readonly RateSegment[]): number {
  const last = segments.at(-1);
  return last && last.to === null ? last.ratePerNode * last.nodes : 0;
}

export type Observation = {
  /** When the cluster was read (ms). */
  at: number;
  /** When billing started (billing.billed_since ?? up_at); null while the cluster never came up. */
  billedSince: number | null;
  /** When billing ended (terminated_at), or null while it runs. */
  endedAt: number | null;
  ratePerNode: number;
  /** Machines billed now; null when the API doesn't say (then node_count is used by the caller). */
  nodes: number;
};

/**
 * Folds one observation into the segments (returns a new array). Rules:
 * - never came up (billedSince null): nothing changes;
 * - the first observation opens a segment at billedSince (billing began before we first looked);
 * - a changed rate or node count closes the open segment at the observation time and opens a new one (the change
 *   happened at some point since the last read; the read time is the best we know — at most one interval off);
 * - an end closes the open segment at endedAt (clamped to its start: a clock edge never makes a cost negative);
 * - observations older than the open segment's start (clock skew between servers) are ignored.
 */
export function observe(segments: readonly RateSegment[], o: Observation): RateSegment[] {
  if (o.billedSince === null) return [...segments];
  const out = segments.map((s) => ({ ...s }));
  const open = out.at(-1)?.to === null ? out.at(-1) : undefined;
  if (out.length === 0) {
    if (o.nodes <= 0 && o.endedAt === null) return out;
    out.push({ ratePerNode: o.ratePerNode, nodes: o.nodes, from: o.billedSince, to: null });
    if (o.endedAt !== null) out[0]!.to = Math.max(o.billedSince, o.endedAt);
    return out;
  }
  if (!open) return out; // already closed: a finished cluster does not start billing again
  if (o.endedAt !== null) {
    open.to = Math.max(open.from, o.endedAt);
    return out;
  }
  if (o.at < open.from) return out;
  if (o.nodes !== open.nodes || o.ratePerNode !== open.ratePerNode) {
    if (o.nodes <= 0) {
      open.to = o.at;
      return out;
    }
    open.to = o.at;
    out.push({ ratePerNode: o.ratePerNode, nodes: o.nodes, from: o.at, to: null });
  }
  return out;
}

// ───────────────────────────── limits ─────────────────────────────

export type { LimitReason };

/** The reason in words, for audit entries and notifications: "time limit reached". */
export function reasonText(reason: LimitReason): string {
  if (reason === "team-budget") return "team budget reached";
  return reason === "time" ? "time limit reached" : "budget limit reached";
}

export type Limits = {
  /** Minutes of billed time, counted from when billing started. */
  timeLimitMinutes: number | null;
  /** Dollars; the cluster ends when its cost so far reaches this. */
  budgetLimit: number | null;
};

/** The instant the time limit ends the cluster; null without a time limit or before billing started. */
export function timeLimitDeadline(
  billedSince: number | null,
  timeLimitMinutes: number | null,
): number | null {
  if (billedSince === null || timeLimitMinutes === null) return null;
  return billedSince + timeLimitMinutes * 60_000;
}

/**
 * When the budget is reached at the rate billed now: now + (budget − cost) / rate. `now` itself when it is already
 * reached; null without a budget or when nothing is billed (cost can't grow).
 */
export function budgetDeadline(
  cost: number,
  rate: number,
  budget: number | null,
  now: number,
): number | null {
  if (budget === null) return null;
  if (cost >= budget) return now;
  if (rate <= 0) return null;
  return now + ((budget - cost) / rate) * HOUR;
}

export type LimitState = {
  /** Earliest of the deadlines, and which limit it is. */
  deadline: number | null;
  reason: "time" | "budget" | null;
  /** A limit is reached now. */
  reached: boolean;
  timeDeadline: number | null;
  budgetDeadline: number | null;
  /** Milliseconds of time left / dollars left, when that limit is set. */
  timeLeftMs: number | null;
  moneyLeft: number | null;
};

export function limitState(
  o: { billedSince: number | null; cost: number; rate: number; limits: Limits },
  now: number,
): LimitState {
  const t = timeLimitDeadline(o.billedSince, o.limits.timeLimitMinutes);
  const b = budgetDeadline(o.cost, o.rate, o.limits.budgetLimit, now);
  let deadline: number | null = null;
  let reason: LimitState["reason"] = null;
  if (t !== null) {
    deadline = t;
    reason = "time";
  }
  if (b !== null && (deadline === null || b < deadline)) {
    deadline = b;
    reason = "budget";
  }
  return {
    deadline,
    reason,
    reached: deadline !== null && deadline <= now,
    timeDeadline: t,
    budgetDeadline: b,
    timeLeftMs: t === null ? null : Math.max(0, t - now),
    moneyLeft: o.limits.budgetLimit === null ? null : Math.max(0, o.limits.budgetLimit - o.cost),
  };
}

/**
 * A limit's owner is warned twice before it ends the cluster: 30 minutes and 5 minutes before its deadline — the time
 * limit's, or when the budget is reached at the rate billed now — with Extend beside each warning.
 */
export const WARN_STAGES_MS = [30 * 60_000, 5 * 60_000] as const;
export type WarnStage = 0 | 1 | 2;

/** How near the end a limit is: 0 not yet, 1 within 30 minutes, 2 within 5 (never once reached). */
export function warnStage(s: LimitState, now: number): WarnStage {
  if (s.reached || s.deadline === null) return 0;
  const left = s.deadline - now;
  if (left <= WARN_STAGES_MS[1]) return 2;
  return left <= WARN_STAGES_MS[0] ? 1 : 0;
}

export function shouldWarn(s: LimitState, now: number): boolean {
  return warnStage(s, now) > 0;
}

/**
 * How long the guardian waits before reading the cluster again: the interval, or less when a deadline comes sooner
 * (it wakes at the deadline itself, never much before), at least `minMs` so a clock edge never spins.
 */
export function nextCheckDelay(
  deadline: number | null,
  now: number,
  intervalMs: number,
  minMs = 1_000,
): number {
  if (deadline === null) return intervalMs;
  return Math.max(minMs, Math.min(intervalMs, deadline - now));
}

// ───────────────────────────── durations for people ─────────────────────────────

/**
 * The longest time limit anyone may set: a year and a day. Far beyond any training run, and far below what the
 * database's integer column holds (a limit of 2³¹ minutes or more used to pass and then fail the launch).
 */
export const MAX_TIME_LIMIT_MINUTES = 366 * 24 * 60;

/**
 * "90 min", "4 h", "1.5h", "2h30m", "2 d 4 h", "45" (minutes) → minutes; null when unreadable or not positive. Reads
 * every text formatDuration (lib/format/duration.ts) writes, so a limit shown in its field saves unchanged.
 */
export function parseDuration(text: string): number | null {
  const s = text.trim().toLowerCase().replace(/\s+/g, "");
  if (s === "") return null;
  const m =
    /^(?:(\d+(?:\.\d+)?)(d|day|days))?(?:(\d+(?:\.\d+)?)(h|hr|hrs|hour|hours))?(?:(\d+(?:\.\d+)?)(m|min|mins|minute|minutes)?)?$/.exec(
      s,
    );
  if (!m || (m[1] === undefined && m[3] === undefined && m[5] === undefined)) return null;
  const minutes =
    (m[1] ? Number(m[1]) * 1440 : 0) + (m[3] ? Number(m[3]) * 60 : 0) + (m[5] ? Number(m[5]) : 0);
  if ((m[1] || m[3]) && m[5] && !m[6]) return null; // "2h30" is ambiguous enough to refuse
  if (!Number.isFinite(minutes) || minutes <= 0) return null;
  return Math.round(minutes);
}
