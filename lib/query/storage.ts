import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/query/fetch-api";
import { itemsOf, type Listed } from "@/lib/runcrate/listed";
import type { StorageVolume } from "@/lib/runcrate/schemas";

// GET /api/storage → GET /storage
export function storageQueryOptions() {
  return queryOptions({
    queryKey: ["storage"],
    queryFn: ({ signal }) => apiGet<Listed<StorageVolume>>("/api/storage", signal),
    select: itemsOf,
    staleTime: 60_000,
  });
}
