import { Button } from "@/components/ui/button";
import { LaunchLink } from "@/components/offers/launch-link";
import { formatHourly, formatUsd } from "@/lib/format/money";
import type { OfferRowFacts } from "@/lib/offers/row-facts";
import type { Offer } from "@/lib/runcrate/schemas";
import { cn } from "@/lib/utils";

/**
 * The parts of an offer row that the wide table and the narrow cards both show, from the same facts
 * (lib/offers/row-facts.ts): the cluster's rate at the chosen count, the balance shortfall, and Launch.
 */

/** "$79.68/h" for the count the row is priced at; "Not 3 nodes" when the offer can't take the chosen count. */
export function ClusterRateText({ facts, nodes }: { facts: OfferRowFacts; nodes: number | null }) {
  if (nodes !== null && !facts.takes)
    return (
      <span className="text-xs" title={`This offer cannot take ${nodes} nodes.`}>
        Not {nodes} nodes
      </span>
    );
  return facts.total !== null ? <span className="text-foreground">{formatHourly(facts.total)}</span> : <>—</>;
}

/** "Short $40.00" when the balance does not cover the launch rule for the row's count; nothing otherwise. */
export function ShortText({ facts, className }: { facts: OfferRowFacts; className?: string }) {
  if (facts.short <= 0) return null;
  return (
    <span
      className={cn("font-medium text-destructive", className)}
      title={`Your balance is ${formatUsd(facts.short)} short of the ${formatUsd(facts.required ?? 0)} needed to launch ${facts.n} nodes.`}
    >
      Short {formatUsd(facts.short)}
    </span>
  );
}

/** Launch, named by the offer so a list of them reads as distinct links. */
export function OfferLaunchButton({
  offer,
  facts,
  className,
}: {
  offer: Offer;
  facts: OfferRowFacts;
  className?: string;
}) {
  return (
    <Button asChild size="sm" variant={facts.takes ? "default" : "outline"} className={className}>
      <LaunchLink
        href={facts.href}
        aria-label={`Launch ${offer.gpu_type} × ${offer.gpus_per_node} in ${offer.location ?? offer.id}`}
      >
        Launch
      </LaunchLink>
    </Button>
  );
}
