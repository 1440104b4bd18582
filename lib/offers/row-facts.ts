/** What one row of the offers list shows for a chosen node count and balance (shared by the table and the cards). */
import { clusterHourlyRate, requiredBalance, shortfall } from "@/lib/spend/estimate";
import { launchHref } from "@/lib/offers/launch-params";
import { takesNodeCount, validNodeCounts } from "@/lib/offers/offer-rules";
import type { Offer } from "@/lib/runcrate/schemas";

export type OfferRowFacts = {
  /** Whether the offer takes the chosen count (true when none is chosen). */
  takes: boolean;
  /** The count the cost figures refer to: the chosen one when the offer takes it, else its smallest valid count. */
  n: number | null;
  total: number | null;
  required: number | null;
  /** Dollars the balance is short of the balance rule for `n` nodes; 0 when covered or unknown. */
  short: number;
  href: string;
};

export function offerRowFacts(offer: Offer, nodes: number | null, balance: number | null): OfferRowFacts {
  const takes = nodes === null || takesNodeCount(offer, nodes);
  const n = nodes !== null && takes ? nodes : (validNodeCounts(offer)[0] ?? null);
  const total = n !== null ? clusterHourlyRate(offer.hourly_rate_per_node, n) : null;
  const required = n !== null ? requiredBalance(offer.hourly_rate_per_node, n) : null;
  const short = required !== null && balance !== null ? shortfall(balance, required) : 0;
  const href = launchHref("/clusters/new", { offer: offer.id, nodes: takes ? nodes : null });
  return { takes, n, total, required, short, href };
}
