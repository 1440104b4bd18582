/**
 * Valid node counts for a resize. The same rule as create (runcrate-api.md §5 #5, #14): within the API's 2–64, within
 * the offer's min/max, and in allowed_node_counts when the offer has them. The cluster object does not carry the offer's
 * limits, so the page passes the offer when it can find it (by offer_id) and otherwise falls back to the API's range.
 */
import { validNodeCounts as offerNodeCounts, type NodeCountLimits as Limits } from "@/lib/offers/offer-rules";
import { MAX_NODES, MIN_NODES } from "@/lib/runcrate/constants";
import { isUpStatus } from "./status";

/** One implementation of the count rule (lib/offers/offer-rules.ts); without the offer, the API's own 2–64 applies. */
export function validNodeCounts(offer: Limits | null | undefined): number[] {
  return offerNodeCounts(offer ?? { min_nodes: MIN_NODES, max_nodes: MAX_NODES, allowed_node_counts: null });
}

/** Counts a cluster can be resized to: valid, and different from its current size. */
export function resizeTargets(currentCount: number, offer: Limits | null | undefined): number[] {
  return validNodeCounts(offer).filter((n) => n !== currentCount);
}

/** Why resizing is unavailable, or null. `resize` is the API's "this cluster can be resized" flag (§2.3, INF). */
export function resizeBlocked(
  c: { status: string; resize?: boolean | null; node_count: number },
  offer: Limits | null | undefined,
): string | null {
  if (c.resize !== true) return "This cluster's offer does not allow resizing.";
  if (!isUpStatus(c.status)) return "Resizing is possible once the cluster is ready.";
  if (resizeTargets(c.node_count, offer).length === 0) return "The offer allows no other node count.";
  return null;
}
