import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/query/fetch-api";
import { itemsOf, type Listed } from "@/lib/runcrate/listed";
import type { SshKey, StorageVolume } from "@/lib/runcrate/schemas";

// GET /api/ssh-keys → GET /ssh-keys
export function sshKeysQueryOptions() {
  return queryOptions({
    queryKey: ["ssh-keys"],
    queryFn: ({ signal }) => apiGet<Listed<SshKey>>("/api/ssh-keys", signal),
    select: itemsOf,
    staleTime: 60_000,
  });
}

// GET /api/storage → GET /storage
export function storageQueryOptions() {
  return queryOptions({
    queryKey: ["storage"],
    queryFn: ({ signal }) => apiGet<Listed<StorageVolume>>("/api/storage", signal),
    select: itemsOf,
    staleTime: 60_000,
  });
}
