/**
 * The cluster list and one cluster. The pages poll them (components/clusters/use-live-query.ts adds the polling to
 * these options) and the server pages prefetch under these keys.
 */
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/query/fetch-api";
import { storeListNotes } from "@/lib/query/list-notes";
import type { Cluster } from "@/lib/runcrate/schemas";

// Polled pages: a read older than a second is worth repeating when the tab is shown or the page mounts again.
const LIVE_STALE_MS = 1_000;

// GET /api/clusters → GET /clusters
export function clustersQueryOptions() {
  const queryKey = ["clusters", "list"] as const;
  return queryOptions({
    queryKey,
    queryFn: ({ signal, client }) =>
      apiGet<Cluster[]>("/api/clusters", signal, storeListNotes(client, queryKey)),
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
