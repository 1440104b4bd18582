/** React Query options for the offer picker and the create form: one place for keys, fetchers and freshness. */
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet, retryTransient } from "@/lib/query/api-get";
import { balanceSchema, offerSchema, sshKeySchema, storageVolumeSchema } from "@/lib/runcrate/schemas";

const offersSchema = z.array(offerSchema);
const sshKeysSchema = z.array(sshKeySchema);
const volumesSchema = z.array(storageVolumeSchema);

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
      apiGet(`/api/offers${includeCommunity ? "?include_community=true" : ""}`, offersSchema, signal),
    staleTime: 60_000,
    retry: retryTransient,
  });
}

// GET /api/balance → GET /billing/balance
export function balanceQueryOptions() {
  return queryOptions({
    queryKey: offerKeys.balance,
    queryFn: ({ signal }) => apiGet("/api/balance", balanceSchema, signal),
    staleTime: 15_000,
    refetchInterval: 60_000,
    retry: retryTransient,
  });
}

// GET /api/ssh-keys → GET /ssh-keys
export function sshKeysQueryOptions() {
  return queryOptions({
    queryKey: offerKeys.sshKeys,
    queryFn: ({ signal }) => apiGet("/api/ssh-keys", sshKeysSchema, signal),
    staleTime: 60_000,
    retry: retryTransient,
  });
}

// GET /api/storage → GET /storage
export function storageQueryOptions() {
  return queryOptions({
    queryKey: offerKeys.storage,
    queryFn: ({ signal }) => apiGet("/api/storage", volumesSchema, signal),
    staleTime: 60_000,
    retry: retryTransient,
  });
}
