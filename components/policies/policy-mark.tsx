"use client";

import { createContext, useContext } from "react";
import { policyBreaches, type TeamPolicy } from "@/lib/policies/policy";
import type { OfferRowFacts } from "@/lib/offers/row-facts";
import type { Offer } from "@/lib/runcrate/schemas";
import { isCommunity } from "@/lib/offers/offer-rules";
import { cn } from "@/lib/utils";

/** The team's policy the offers list marks its rows against (none in one's own team). */
export const OfferPolicy = createContext<TeamPolicy | null>(null);

/**
 * "Outside policy" on an offer the team's policy would refuse at the row's node count (its GPU type, its hosts, its
 * nodes, its rate), with why: the offer stays listed, since a policy can change and the reason is worth seeing.
 */
export function PolicyMark({
  offer,
  facts,
  detailed = false,
  className,
}: {
  offer: Offer;
  facts: OfferRowFacts;
  /** Say why in full (the cards); the table says it in a tooltip and to screen readers. */
  detailed?: boolean;
  className?: string;
}) {
  const policy = useContext(OfferPolicy);
  if (!policy) return null;
  const why = policyBreaches(policy, {
    gpuType: offer.gpu_type,
    deploymentType: offer.deployment_type,
    community: isCommunity(offer),
    nodes: facts.n ?? undefined,
    hourlyRate: facts.total ?? undefined,
  }).map((b) => b.message);
  if (why.length === 0) return null;
  return (
    <span
      data-testid="outside-policy"
      title={why.join(" ")}
      className={cn("text-xs font-medium text-warning", className)}
    >
      Outside the team&apos;s policy
      {detailed ? (
        <span className="block font-normal text-muted-foreground">{why.join(" ")}</span>
      ) : (
        <span className="sr-only">: {why.join(" ")}</span>
      )}
    </span>
  );
}
