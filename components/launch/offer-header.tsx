import Link from "next/link";
import { DeploymentText, HostTierBadge, LocationText, StockText } from "@/components/offers/offer-cells";
import { interconnectKindLabel, linkRateLabel } from "@/lib/offers/labels";
import { formatPrice } from "@/lib/format/money";
import { machineText, vramText } from "@/lib/offers/machine";
import { describeNodeCounts } from "@/lib/offers/offer-rules";
import type { Offer } from "@/lib/runcrate/schemas";

/** The chosen offer at the top of the form, with a way back to the list. */
export function OfferHeader({ offer }: { offer: Offer }) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border bg-card p-4 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-base font-semibold">
            {offer.gpus_per_node} × {offer.gpu_type} per node
          </p>
          <p className="font-mono text-xs text-muted-foreground">{offer.id}</p>
        </div>
        <Link href="/offers" className="text-sm text-brand underline-offset-4 hover:underline">
          Change offer
        </Link>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted-foreground">Price</dt>
          <dd className="tabular-nums">{formatPrice(offer.hourly_rate_per_node)}/node-h</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Location</dt>
          <dd>
            <LocationText offer={offer} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Hosts</dt>
          <dd>
            <HostTierBadge offer={offer} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Interconnect</dt>
          <dd>
            {offer.interconnect ? (
              <>
                <span className="block">
                  {offer.interconnect.label || interconnectKindLabel(offer.interconnect.kind)}
                </span>
                <span className="block text-xs text-muted-foreground tabular-nums">
                  {interconnectKindLabel(offer.interconnect.kind)}
                  {offer.interconnect.rate_gbps != null
                    ? ` · ${linkRateLabel(offer.interconnect.rate_gbps)} per node`
                    : ""}
                </span>
              </>
            ) : (
              "—"
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Deployment</dt>
          <dd>
            <DeploymentText offer={offer} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Nodes</dt>
          <dd className="flex flex-col">
            <span>{describeNodeCounts(offer)}</span>
            <StockText offer={offer} />
          </dd>
        </div>
        {machineText(offer) ? (
          <div className="col-span-2">
            <dt className="text-xs text-muted-foreground">Each machine</dt>
            <dd data-testid="offer-machine">
              {offer.gpus_per_node} × {offer.gpu_type}
              {vramText(offer) ? ` (${vramText(offer)})` : ""} · {machineText(offer)}
            </dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
