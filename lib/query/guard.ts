import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/query/fetch-api";
import type { GuardView } from "@/lib/limits/view";

// GET /api/clusters/{id}/guard (database only, no upstream call)
export function guardQueryOptions(id: string) {
  return queryOptions({
    queryKey: ["clusters", "guard", id],
    queryFn: ({ signal }) => apiGet<GuardView>(`/api/clusters/${encodeURIComponent(id)}/guard`, signal),
    staleTime: 5_000,
    refetchInterval: 15_000,
  });
}
