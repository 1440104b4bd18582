import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/query/fetch-api";
import type { Balance } from "@/lib/runcrate/schemas";

// GET /api/balance → GET /billing/balance
export function balanceQueryOptions() {
  return queryOptions({
    queryKey: ["balance"],
    queryFn: ({ signal }) => apiGet<Balance>("/api/balance", signal),
    staleTime: 15_000,
    // Running clusters spend it: the shortfall marks and the runway follow without a reload.
    refetchInterval: 60_000,
  });
}
