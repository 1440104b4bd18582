import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/query/fetch-api";
import type { StorageVolume } from "@/lib/runcrate/schemas";

// GET /api/storage → GET /storage
export function storageQueryOptions() {
  return queryOptions({
    queryKey: ["storage"],
    queryFn: ({ signal }) => apiGet<StorageVolume[]>("/api/storage", signal),
    staleTime: 60_000,
  });
}
