import { queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/query/fetch-api";
import type { SshKey } from "@/lib/runcrate/schemas";

// GET /api/ssh-keys → GET /ssh-keys
export function sshKeysQueryOptions() {
  return queryOptions({
    queryKey: ["ssh-keys"],
    queryFn: ({ signal }) => apiGet<SshKey[]>("/api/ssh-keys", signal),
    staleTime: 60_000,
  });
}
