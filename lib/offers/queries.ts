import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiGet } from "@/lib/query/fetch-api";
import { itemsOf, type Listed } from "@/lib/runcrate/listed";
import type { Offer } from "@/lib/runcrate/schemas";

// GET /api/offers → GET /clusters/offers. The cache holds the list with its notes; `select` gives the offers.
export function offersQueryOptions(includeCommunity: boolean) {
  return queryOptions({
    queryKey: ["offers", { includeCommunity }],
    queryFn: ({ signal }) =>
      apiGet<Listed<Offer>>(`/api/offers${includeCommunity ? "?include_community=true" : ""}`, signal),
    select: itemsOf,
    staleTime: 60_000,
    // Flipping "Include community hosts" changes the key: the list on screen stays until the other one arrives.
    placeholderData: keepPreviousData,
  });
}
