"use client";

import { memo } from "react";
import { ClusterRateText, OfferLaunchButton, ShortText } from "@/components/offers/offer-row-parts";
import {
  GpuPrice,
  HostsText,
  InterconnectText,
  LocationText,
  StacksText,
  StockText,
} from "@/components/offers/offer-cells";
import { formatPrice } from "@/lib/format/money";
import { machineText, vramText } from "@/lib/offers/machine";
import { describeNodeCounts } from "@/lib/offers/offer-rules";
import { offerRowFacts } from "@/lib/offers/row-facts";
import type { Offer } from "@/lib/runcrate/schemas";
import { cn } from "@/lib/utils";
import { PolicyMark } from "@/components/policies/policy-mark";

/** The narrow-screen form of one offer row: the same facts and marks as the table, stacked. */
const OfferCard = memo(function OfferCard({
  offer,
  nodes,
  balance,
}: {
  offer: Offer;
  nodes: number | null;
  balance: number | null;
}) {
  const f = offerRowFacts(offer, nodes, balance);
  return (
    <li
      data-offer-id={offer.id}
      data-takes={f.takes ? "yes" : "no"}
      className={cn(
        "flex flex-col gap-2 rounded-md border p-3 text-[13px]",
        !f.takes && "text-muted-foreground",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium wrap-anywhere text-foreground">
            {offer.gpus_per_node} × {offer.gpu_type}
            {vramText(offer) ? (
              <span className="font-normal text-muted-foreground"> · {vramText(offer)} each</span>
            ) : null}
          </p>
          <LocationText offer={offer} />
          <PolicyMark offer={offer} facts={f} detailed className="mt-1 block" />
          {machineText(offer) ? (
            <p className="text-xs text-muted-foreground" data-testid="offer-machine">
              {machineText(offer)}
            </p>
          ) : null}
        </div>
        <HostsText offer={offer} />
      </div>
      <dl className="grid grid-cols-3 gap-2 tabular-nums">
        <div>
          <dt className="text-xs text-muted-foreground">$/GPU-h</dt>
          <dd>
            <GpuPrice offer={offer} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">$/node-h</dt>
          <dd>{formatPrice(offer.hourly_rate_per_node)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">
            {nodes !== null ? `${nodes} nodes` : f.n !== null ? `${f.n} nodes` : "Cluster"}
          </dt>
          <dd>
            <ClusterRateText facts={f} nodes={nodes} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Interconnect</dt>
          <dd>
            <InterconnectText offer={offer} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Stacks</dt>
          <dd>
            <StacksText offer={offer} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Nodes · volume</dt>
          <dd className="flex flex-col">
            <span>
              {describeNodeCounts(offer).replace(/ nodes$/, "")} · {offer.volume ? "volume" : "no volume"}
            </span>
            <StockText offer={offer} nodes={nodes} />
          </dd>
        </div>
      </dl>
      <div className="flex items-center justify-between gap-2">
        <ShortText facts={f} className="text-xs" />
        <OfferLaunchButton offer={offer} facts={f} className="ml-auto" />
      </div>
    </li>
  );
});

export function OfferCards({
  offers,
  nodes,
  balance,
}: {
  offers: Offer[];
  nodes: number | null;
  balance: number | null;
}) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Cluster offers">
      {offers.map((o) => (
        <OfferCard key={o.id} offer={o} nodes={nodes} balance={balance} />
      ))}
    </ul>
  );
}
