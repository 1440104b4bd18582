/**
 * How often the cluster page asks for fresh data. Watching closely while something changes, rarely when steady,
 * never once the cluster is over; backing off when reads fail, never sooner than a Retry-After.
 */
import type { Cluster } from "@/lib/runcrate/schemas";
import { statusInfo } from "./status";

export const FAST_POLL_MS = 2_000;
export const STEADY_POLL_MS = 20_000;
/** A status this console does not know: it may be changing, so watch it moderately. */
export const UNKNOWN_POLL_MS = 5_000;
export const LIST_POLL_MS = 15_000;
export const MAX_BACKOFF_MS = 30_000;
/** After this many failed reads in a row the page shows a stale-data warning. */
export const STALE_AFTER_FAILURES = 3;

type Watched = Pick<Cluster, "status"> & { last_test?: { status: string } | null };

export function isTestRunning(c: { last_test?: { status: string } | null }): boolean {
  return c.last_test?.status === "running";
}

/** The interval while reads succeed; `false` stops polling. */
export function baseInterval(c: Watched | undefined): number | false {
  if (!c) return FAST_POLL_MS;
  const info = statusInfo(c.status);
  if (info.terminal) return false;
  if (info.transitional || isTestRunning(c)) return FAST_POLL_MS;
  if (!info.known) return UNKNOWN_POLL_MS;
  return STEADY_POLL_MS;
}

/** Exponential backoff after `failures` consecutive failed reads (1, 2, …): 2 s, 4 s, 8 s … capped at 30 s. */
export function backoffDelay(failures: number, retryAfterSeconds: number | null = null): number {
  const exp = Math.min(MAX_BACKOFF_MS, FAST_POLL_MS * 2 ** Math.max(0, failures - 1));
  const floor = retryAfterSeconds != null && retryAfterSeconds > 0 ? retryAfterSeconds * 1000 : 0;
  return Math.max(exp, floor);
}

export type PollState = { failures: number; retryAfterSeconds: number | null };

/**
 * The next delay. With the last good data terminal, polling stops even while reads fail (nothing can change).
 * Errors on a cluster we have never seen still back off (the cluster may not exist — the 404 case stops, see caller).
 */
export function pollInterval(c: Watched | undefined, s: PollState): number | false {
  const base = baseInterval(c);
  if (base === false) return false;
  if (s.failures > 0) return backoffDelay(s.failures, s.retryAfterSeconds);
  return base;
}

/**
 * Delays land on a per-cluster phase of the wall clock, so every tab watching the same cluster asks at the same
 * moment and the server's coalescing turns them into one upstream read. A delay shorter than a quarter interval
 * skips to the next slot (a timer that fired a little early must not ask twice).
 */
export function alignDelay(interval: number, now: number, phaseKey: string): number {
  if (interval <= 0) return interval;
  const phase = hashString(phaseKey) % interval;
  let delay = interval - ((((now - phase) % interval) + interval) % interval);
  if (delay < interval / 4) delay += interval;
  return delay;
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** The shortest timer the pages arm: a poll that is due is asked for on the next turn of the event loop. */
export const MIN_POLL_DELAY_MS = 50;

/** What one page remembers between evaluations of its poll timer. */
export type PollSchedule = { armedFor: string | null; nextAt: number | null };

export type PollMoment = {
  /** Changes whenever a read settles (data or error timestamps) or the interval changes: time to arm anew. */
  armKey: string;
  interval: number | false;
  now: number;
  /** A read is under way (or paused until the network returns): the poll that was due has been asked for. */
  fetching: boolean;
  /** The tab can be seen (a hidden tab does not poll; it refetches when shown). */
  visible: boolean;
  /** Failed reads in a row: backoff is never shortened by aligning to a slot. */
  failures: number;
  /** Aligns healthy polls of one resource across tabs (see alignDelay). */
  phaseKey: string;
};

/**
 * The delay until the next poll, for React Query's refetchInterval, which re-evaluates it on every render and every
 * change of the query. The due time is fixed when a read settles, so re-renders re-arm the timer for the same
 * instant instead of pushing it back.
 *
 * A poll that is due but has not started — on a busy page a render can run before the timer it raced with — is asked
 * for at once, never moved to the next slot: otherwise a page that renders every second could skip poll after poll.
 * While that read is under way, or while the tab is hidden, the timer waits a whole interval; the read settling (or
 * the tab showing, which refetches) arms it again.
 */
export function nextPollDelay(s: PollSchedule, m: PollMoment): number | false {
  if (m.interval === false) {
    s.nextAt = null;
    s.armedFor = null;
    return false;
  }
  if (s.armedFor !== m.armKey || s.nextAt === null) {
    s.armedFor = m.armKey;
    s.nextAt = m.now + (m.failures > 0 ? m.interval : alignDelay(m.interval, m.now, m.phaseKey));
  }
  if (s.nextAt > m.now) return Math.max(MIN_POLL_DELAY_MS, s.nextAt - m.now);
  return m.fetching || !m.visible ? m.interval : MIN_POLL_DELAY_MS;
}

export function isStale(failures: number): boolean {
  return failures >= STALE_AFTER_FAILURES;
}
