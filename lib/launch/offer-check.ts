/**
 * What a launch checks against the offer as Runcrate lists it right before the create (capacity and prices move, so
 * Runcrate's tool descriptions say to use a fresh offer). Pure: the server action reads the offer, these say what is
 * wrong with launching it as the person last saw it.
 */
import { formatPrice } from "@/lib/format/money";
import type { Offer } from "@/lib/runcrate/schemas";

/** What the form showed when Launch was pressed. */
export type SeenOffer = { hourlyRatePerNode: number };

/** A price that moved since the form was loaded, in words; null when it is the same (to the cent). */
export function priceChange(seen: SeenOffer | undefined, now: Offer, nodes: number): string | null {
  if (!seen || Math.abs(seen.hourlyRatePerNode - now.hourly_rate_per_node) < 0.005) return null;
  const whole = now.hourly_rate ?? now.hourly_rate_per_node * nodes;
  return (
    `This offer's price changed since the page was loaded: ${formatPrice(seen.hourlyRatePerNode)} → ` +
    `${formatPrice(now.hourly_rate_per_node)} per node-hour (${formatPrice(whole)}/h for ${nodes} nodes). ` +
    "Nothing was launched; the form now shows the new price. Launch again to accept it."
  );
}

/** Fewer machines free than asked for, where Runcrate says how many are free; null when it fits or nobody knows. */
export function stockShortfall(offer: Pick<Offer, "nodes_available">, nodes: number): string | null {
  const free = offer.nodes_available;
  if (free == null || free >= nodes) return null;
  return free === 0
    ? "No machines of this offer are free right now. Pick another offer, or try again later."
    : `Only ${free} machine${free === 1 ? " is" : "s are"} free on this offer right now; pick ${free} or fewer, or another offer.`;
}
