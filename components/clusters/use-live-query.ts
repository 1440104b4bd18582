"use client";

import { focusManager, useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import {
  baseInterval,
  isStale,
  LIST_POLL_MS,
  nextPollDelay,
  pollInterval,
  type PollSchedule,
  type PollState,
} from "@/lib/clusters/polling";
import { clusterQuery, clustersQuery, fetchApi, isApiError } from "@/lib/query/clusters";
import type { Cluster } from "@/lib/runcrate/schemas";

/**
 * Polling React Query hooks for the cluster pages.
 *
 * - The interval follows lib/clusters/polling.ts (2 s while something changes, 20 s steady, never once over) and is
 *   aligned to a per-cluster slot of the wall clock so every tab asks at the same instant (the server coalesces them).
 * - No polling in a hidden tab (refetchIntervalInBackground: false); refetch at once when it shows again.
 * - Failures back off exponentially, never sooner than Retry-After; the last good data stays (React Query keeps it).
 * - `failures` counts failed reads in a row; `stale` turns on after a few, for the warning.
 */

export type LiveMeta = {
  failures: number;
  stale: boolean;
  /** When the next poll is due (ms epoch), or null when polling stopped. */
  nextAt: number | null;
};

type Tracker = PollState & PollSchedule;

function useTracker() {
  return useRef<Tracker>({ failures: 0, retryAfterSeconds: null, armedFor: null, nextAt: null });
}

/** Wraps a fetcher so success/failure streaks are counted (React Query resets its own count on every fetch). */
function tracked<T>(t: { current: Tracker }, fn: (signal: AbortSignal) => Promise<T>) {
  return async ({ signal }: { signal: AbortSignal }) => {
    try {
      const data = await fn(signal);
      t.current.failures = 0;
      t.current.retryAfterSeconds = null;
      return data;
    } catch (e) {
      if (!signal.aborted) {
        t.current.failures += 1;
        t.current.retryAfterSeconds = isApiError(e) ? e.retryAfterSeconds : null;
      }
      throw e;
    }
  };
}

/** React Query's refetchInterval for one of these hooks: lib/clusters/polling.ts nextPollDelay on the query's state. */
function nextDelay(
  t: { current: Tracker },
  q: { state: { dataUpdatedAt: number; errorUpdatedAt: number; fetchStatus: string } },
  interval: number | false,
  phaseKey: string,
): number | false {
  return nextPollDelay(t.current, {
    armKey: `${q.state.dataUpdatedAt}:${q.state.errorUpdatedAt}:${interval}`,
    interval,
    now: Date.now(),
    fetching: q.state.fetchStatus !== "idle",
    visible: focusManager.isFocused(),
    failures: t.current.failures,
    phaseKey,
  });
}

export function useLiveCluster(id: string) {
  const t = useTracker();
  const base = clusterQuery(id);
  const query = useQuery({
    ...base,
    queryFn: tracked(t, (signal) => fetchApi<Cluster>(`/api/clusters/${encodeURIComponent(id)}`, signal)),
    retry: false,
    staleTime: 1_000,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: (q) => !gone(q.state.error) && baseInterval(q.state.data) !== false,
    refetchInterval: (q) => {
      if (gone(q.state.error)) return false;
      return nextDelay(t, q, pollInterval(q.state.data, t.current), id);
    },
  });
  const meta: LiveMeta = {
    failures: t.current.failures,
    stale: isStale(t.current.failures),
    nextAt: t.current.nextAt,
  };
  return { query, meta, notFound: gone(query.error) };
}

export function useLiveClusters() {
  const t = useTracker();
  const query = useQuery({
    ...clustersQuery(),
    queryFn: tracked(t, (signal) => fetchApi<Cluster[]>("/api/clusters", signal)),
    retry: false,
    staleTime: 1_000,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    refetchInterval: (q) => {
      if (gone(q.state.error)) return false;
      // Anything changing in the list → poll as fast as the busiest cluster; otherwise the list's steady pace.
      const busiest = (q.state.data ?? [])
        .map((c) => baseInterval(c))
        .filter((v): v is number => v !== false);
      const base = Math.min(LIST_POLL_MS, ...busiest);
      const interval = t.current.failures > 0 ? pollInterval(undefined, t.current) : base;
      return nextDelay(t, q, interval, "cluster-list");
    },
  });
  const meta: LiveMeta = {
    failures: t.current.failures,
    stale: isStale(t.current.failures),
    nextAt: t.current.nextAt,
  };
  return { query, meta };
}

/** 404: the cluster is gone or not ours; 401/409: signed out or no key — polling cannot fix those. */
function gone(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 401 || error.status === 409);
}
