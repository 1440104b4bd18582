import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/query/fetch-api";
import { storeListNotes } from "@/lib/query/list-notes";
import type { Offer } from "@/lib/runcrate/schemas";

// GET /api/offers → GET /clusters/offers
export function offersQueryOptions(includeCommunity: boolean) {
  const queryKey = ["offers", { includeCommunity }] as const;
  return queryOptions({
    queryKey,
    queryFn: ({ signal, client }) =>
      apiGet<Offer[]>(
        `/api/offers${includeCommunity ? "?include_community=true" : ""}`,
        signal,
        storeListNotes(client, queryKey),
      ),
    staleTime: 60_000,
    // Flipping "Include community hosts" changes the key: the list on screen stays until the other one arrives.
    placeholderData: keepPreviousData,
  });
}
