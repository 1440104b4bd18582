"use client";

import { useQuery } from "@tanstack/react-query";
import { estimateCost } from "@/lib/spend/estimate";
import { takesNodeCount } from "@/lib/offers/offer-rules";
import { balanceQueryOptions } from "@/lib/query/balance";
import type { Offer } from "@/lib/runcrate/schemas";

/**
 * What launching `nodeCount` nodes of `offer` costs against the balance: one reading for the summary and the small
 * screens' sticky bar, so they never disagree. `n` is null for a count the offer does not take.
 */
export function useLaunchEstimate(offer: Offer, nodeCount: number) {
  const balance = useQuery(balanceQueryOptions());
  const n = takesNodeCount(offer, nodeCount) ? nodeCount : null;
  const estimate =
    n === null
      ? null
      : estimateCost({
          ratePerNode: offer.hourly_rate_per_node,
          nodeCount: n,
          balance: balance.data?.creditsBalance ?? null,
          activeUsageCost: balance.data?.activeUsageCost ?? 0,
        });
  return { balance, n, estimate };
}
