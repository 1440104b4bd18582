/**
 * The console's record of finished clusters, read by the cluster list beside the polled list
 * (lib/clusters/queries.ts). A module of its own so the pages that only read clusters do not load the cost rules.
 */
import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/query/fetch-api";
import { isFinished } from "@/lib/spend/cluster-cost";
import type { ListLedger } from "@/lib/spend/list-ledger-view";
import type { Cluster } from "@/lib/runcrate/schemas";

// GET /api/clusters/ledger → the console's record of finished clusters (their cost history, why they ended). Keyed
// by the list's finished clusters, so it is read again exactly when one more finishes — not on every list poll.
export function clusterLedgerQueryOptions(clusters: readonly Cluster[]) {
  const finished = clusters
    .filter((c) => isFinished(c) || c.status === "terminating")
    .map((c) => `${c.id}:${c.status}`)
    .sort()
    .join(",");
  return queryOptions({
    queryKey: ["clusters", "ledger", finished] as const,
    queryFn: ({ signal }) => apiGet<ListLedger>("/api/clusters/ledger", signal),
    staleTime: 60_000,
    enabled: finished !== "",
  });
}
