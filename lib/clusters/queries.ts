/**
 * The cluster list and one cluster. The pages poll them (components/clusters/use-live-query.ts adds the polling to
 * these options) and the server pages prefetch under these keys.
 */
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/query/fetch-api";
import { itemsOf } from "@/lib/runcrate/listed";
import type { ClusterList } from "@/lib/clusters/list-view";
import type { Cluster } from "@/lib/runcrate/schemas";

// Polled pages: a read older than a second is worth repeating when the tab is shown or the page mounts again.
const LIVE_STALE_MS = 1_000;

// GET /api/clusters → GET /clusters. The cache holds the list with its notes; `select` gives the clusters (a page that
// says what was left out selects `notesOf` instead).
export function clustersQueryOptions() {
  return queryOptions({
    queryKey: ["clusters", "list"],
    queryFn: ({ signal }) => apiGet<ClusterList>("/api/clusters", signal),
    select: itemsOf,
    staleTime: LIVE_STALE_MS,
  });
}

// GET /api/clusters/{id} → GET /clusters/{id}
export function clusterQueryOptions(id: string) {
  return queryOptions({
    queryKey: ["clusters", "detail", id],
    queryFn: ({ signal }) => apiGet<Cluster>(`/api/clusters/${encodeURIComponent(id)}`, signal),
    staleTime: LIVE_STALE_MS,
  });
}
