/** React Query options for the offer picker and the create form: one place for keys, fetchers and freshness. */
import { queryOptions } from "@tanstack/react-query";
import { apiGet, retryTransient } from "@/lib/query/api-get";
import type { Balance, Offer, SshKey, StorageVolume } from "@/lib/runcrate/schemas";

export const offerKeys = {
  offers: (includeCommunity: boolean) => ["offers", { includeCommunity }] as const,
  balance: ["balance"] as const,
  sshKeys: ["ssh-keys"] as const,
  storage: ["storage"] as const,
};

// GET /api/offers → GET /clusters/offers
export function offersQueryOptions(includeCommunity: boolean) {
  return queryOptions({
    queryKey: offerKeys.offers(includeCommunity),
    queryFn: ({ signal }) =>
      apiGet<Offer[]>(`/api/offers${includeCommunity ? "?include_community=true" : ""}`, signal),
    staleTime: 60_000,
    retry: retryTransient,
  });
}

// GET /api/balance → GET /billing/balance
export function balanceQueryOptions() {
  return queryOptions({
    queryKey: offerKeys.balance,
    queryFn: ({ signal }) => apiGet<Balance>("/api/balance", signal),
    staleTime: 15_000,
    refetchInterval: 60_000,
    retry: retryTransient,
  });
}

// GET /api/ssh-keys → GET /ssh-keys
export function sshKeysQueryOptions() {
  return queryOptions({
    queryKey: offerKeys.sshKeys,
    queryFn: ({ signal }) => apiGet<SshKey[]>("/api/ssh-keys", signal),
    staleTime: 60_000,
    retry: retryTransient,
  });
}

// GET /api/storage → GET /storage
export function storageQueryOptions() {
  return queryOptions({
    queryKey: offerKeys.storage,
    queryFn: ({ signal }) => apiGet<StorageVolume[]>("/api/storage", signal),
    staleTime: 60_000,
    retry: retryTransient,
  });
}
