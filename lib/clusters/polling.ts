/**
 * How often the cluster pages ask for fresh data, as plain functions of React Query's query state (the hooks in
 * components/clusters/use-live-query.ts hand them `query.state`). Watching closely while something changes, rarely
 * when steady, never once the cluster is over or gone; after a read that failed (the QueryClient's retries included)
 * waiting the longer the longer reads have been failing, never sooner than a Retry-After.
 */
import { isApiError } from "@/lib/query/fetch-api";
import type { Cluster } from "@/lib/runcrate/schemas";
import { isTestActive } from "./nccl";
import { statusInfo } from "./status";

export const FAST_POLL_MS = 2_000;
export const STEADY_POLL_MS = 20_000;
/** A status this console does not know: it may be changing, so watch it moderately. */
export const UNKNOWN_POLL_MS = 5_000;
export const LIST_POLL_MS = 15_000;
export const MAX_BACKOFF_MS = 30_000;
/** React Query treats a refetchInterval of 0 as "no timer": a poll that is due is asked for after this instead. */
export const MIN_POLL_DELAY_MS = 50;

type Watched = Pick<Cluster, "status"> & { last_test?: { status: string } | null };

/** A test that is running, queued, or in any state that is not final (nccl.ts isTestActive). */
export function isTestRunning(c: { last_test?: { status: string } | null }): boolean {
  return isTestActive(c.last_test?.status);
}

/** One cluster's pace while reads succeed; `false` stops polling. Before the first data: fast. */
export function clusterInterval(c: Watched | undefined): number | false {
  if (!c) return FAST_POLL_MS;
  const info = statusInfo(c.status);
  if (info.terminal) return false;
  if (info.transitional || isTestRunning(c)) return FAST_POLL_MS;
  if (!info.known) return UNKNOWN_POLL_MS;
  return STEADY_POLL_MS;
}

/** The list: as fast as its busiest cluster, otherwise its own steady pace. It never stops (a launch adds a row). */
export function listInterval(clusters: readonly Watched[] | undefined): number {
  const busiest = (clusters ?? []).map(clusterInterval).filter((v): v is number => v !== false);
  return Math.min(LIST_POLL_MS, ...busiest);
}

/** The fields of React Query's `query.state` that polling reads. */
export type PollState = {
  status: "pending" | "error" | "success";
  fetchStatus: "fetching" | "paused" | "idle";
  dataUpdatedAt: number;
  error: unknown;
  errorUpdatedAt: number;
  errorUpdateCount: number;
};

/** 401 signed out, 404 gone (or another key's), 409 no key: polling cannot fix those. */
export function isGone(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 404 || error.status === 409);
}

/**
 * The last read failed for good — after the QueryClient's retries, so three failed attempts in a row for a transient
 * failure — and what the page shows may be old: the stale-data warning. A good read clears it.
 */
export function isStale(s: PollState): boolean {
  return s.status === "error";
}

/**
 * The wait after a failed read: as long again as reads have been failing since the last good one, so the waits
 * double (with no good read yet, they double with each failed read); between FAST_POLL_MS and MAX_BACKOFF_MS, and
 * never sooner than the server's Retry-After.
 */
export function failureBackoff(s: PollState): number {
  const failingFor =
    s.dataUpdatedAt > 0
      ? s.errorUpdatedAt - s.dataUpdatedAt
      : FAST_POLL_MS * 2 ** Math.max(0, s.errorUpdateCount - 1);
  const exponential = Math.min(MAX_BACKOFF_MS, Math.max(FAST_POLL_MS, failingFor));
  const retryAfter = isApiError(s.error) ? (s.error.retryAfterSeconds ?? 0) * 1000 : 0;
  return Math.max(exponential, retryAfter);
}

/**
 * The delay from `now` to the next slot of `key` on the wall clock. Every tab watching one cluster therefore asks at
 * the same moment, and the server's coalescing (lib/runcrate/server/coalesce.ts shares a read for about a second)
 * turns their reads into one upstream read per interval; unaligned, five tabs would cost up to five. Different keys
 * get different slots, so a list of clusters does not ask all at once. A slot closer than a quarter interval is
 * skipped: a read that settled just before its slot must not ask again right away.
 */
export function delayToNextSlot(interval: number, now: number, key: string): number {
  if (interval <= 0) return interval;
  const phase = hashString(key) % interval;
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

/**
 * When the next read is due (ms epoch), or null when polling stopped: the first slot after the last good read, or
 * the backoff after a failed one (never shortened by aligning it to a slot). It depends only on when reads settled,
 * so every evaluation between two reads finds the same instant.
 */
export function nextPollAt(s: PollState, interval: number | false, key: string): number | null {
  if (interval === false || isGone(s.error)) return null;
  if (s.status === "error") return s.errorUpdatedAt + failureBackoff(s);
  return s.dataUpdatedAt + delayToNextSlot(interval, s.dataUpdatedAt, key);
}

/**
 * React Query's refetchInterval, which it re-evaluates on every render and every change of the query: the time left
 * until nextPollAt. A poll that is due but has not started (a render ran before the timer it raced with) is asked
 * for at once rather than moved to the next slot. While a read is under way, or the tab is hidden, the timer waits a
 * whole interval: the read settling, or the tab showing (which refetches), arms it again.
 */
export function nextPollDelay(
  s: PollState,
  interval: number | false,
  key: string,
  now: number,
  visible: boolean,
): number | false {
  const at = nextPollAt(s, interval, key);
  if (at === null || interval === false) return false;
  if (s.fetchStatus !== "idle" || !visible) return interval;
  return Math.max(MIN_POLL_DELAY_MS, at - now);
}
