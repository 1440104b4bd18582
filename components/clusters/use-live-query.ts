"use client";

import { focusManager, useQuery, type UseQueryResult } from "@tanstack/react-query";
import {
  clusterInterval,
  isGone,
  isStale,
  listInterval,
  nextPollAt,
  nextPollDelay,
  type PollState,
} from "@/lib/clusters/polling";
import { clusterQueryOptions, clustersQueryOptions } from "@/lib/clusters/queries";
import type { Listed } from "@/lib/runcrate/listed";
import type { Cluster } from "@/lib/runcrate/schemas";

/**
 * The cluster queries (lib/clusters/queries.ts), polled. The pace, the backoff after failures and the slot every tab
 * of a cluster shares are functions of the query's own state (lib/clusters/polling.ts); failed reads are retried by
 * the QueryClient's policy first. A hidden tab does not poll and refetches when shown; a terminal or gone one does
 * neither. The last good data stays on screen while reads fail.
 */

export type LiveMeta = {
  /** Failed attempts of the latest read (the QueryClient retries them). */
  failures: number;
  /** The latest read failed for good: the page warns that what it shows may be old. */
  stale: boolean;
  /** When the next poll is due (ms epoch), or null when polling stopped. */
  nextAt: number | null;
};

/** The polling options of a live query; `q` is React Query's Query, of which they read only `state`. */
function polling<T>(intervalOf: (data: T | undefined) => number | false, slotKey: string) {
  type Q = { state: PollState & { data: T | undefined } };
  const interval = (q: Q) => (isGone(q.state.error) ? false : intervalOf(q.state.data));
  return {
    refetchInterval: (q: Q) =>
      nextPollDelay(q.state, interval(q), slotKey, Date.now(), focusManager.isFocused()),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: (q: Q) => interval(q) !== false,
  };
}

function metaOf<T>(
  query: UseQueryResult<T, Error>,
  intervalOf: (data: T | undefined) => number | false,
  slotKey: string,
): LiveMeta {
  const state: PollState = query;
  return {
    failures: query.failureCount,
    stale: isStale(state),
    nextAt: nextPollAt(state, intervalOf(query.data), slotKey),
  };
}

export function useLiveCluster(id: string) {
  const query = useQuery({ ...clusterQueryOptions(id), ...polling(clusterInterval, id) });
  return { query, meta: metaOf(query, clusterInterval, id), notFound: isGone(query.error) };
}

const LIST_SLOT = "cluster-list";

export function useLiveClusters() {
  // The cache holds the list with its notes (lib/runcrate/listed.ts); the pace is read from its clusters.
  const pace = (list: Listed<Cluster> | undefined) => listInterval(list?.items);
  const query = useQuery({ ...clustersQueryOptions(), ...polling(pace, LIST_SLOT) });
  return { query, meta: metaOf(query, listInterval, LIST_SLOT) };
}
