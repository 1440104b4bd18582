import "server-only";
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import type { RuncrateContext } from "@/lib/keys/server/runcrate-context";
import type { SearchParams } from "nuqs/server";
import { loadOfferFilters } from "@/lib/offers/search-params";
import { balanceQueryOptions } from "@/lib/query/balance";
import { offersQueryOptions } from "@/lib/offers/queries";

/**
 * The offers and the balance the offer picker opens with, read on the server so the first paint already has the list
 * and its shortfall marks, rather than hydrating an empty page, fetching, and then rendering the whole list in one
 * long task (docs/performance.md). Both reads run side by side; a failed one is simply left out, and the browser's
 * own fetch then shows the reason and offers Retry.
 */
export async function prefetchOffers(
  ctx: RuncrateContext,
  sp: SearchParams,
): Promise<DehydratedState | null> {
  if (ctx.state !== "ready") return null;
  const { community } = loadOfferFilters(sp);
  const qc = new QueryClient();
  const [offers, balance] = await Promise.allSettled([
    ctx.client.listOffers({ includeCommunity: community }),
    ctx.client.getBalance(),
  ]);
  if (offers.status === "fulfilled") qc.setQueryData(offersQueryOptions(community).queryKey, offers.value);
  if (balance.status === "fulfilled") qc.setQueryData(balanceQueryOptions().queryKey, balance.value);
  return dehydrate(qc);
}
