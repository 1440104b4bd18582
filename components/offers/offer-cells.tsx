import { Fragment } from "react";
import { Badge } from "@/components/ui/badge";
import { formatPrice } from "@/lib/format/money";
import { deploymentLabel, hostTierLabel, interconnectKindLabel, linkRateLabel } from "@/lib/offers/labels";
import { describeNodeCounts, isCommunity, isContainer, stackLabel } from "@/lib/offers/offer-rules";
import { machineParts, stockText, vramText } from "@/lib/offers/machine";
import type { Offer } from "@/lib/runcrate/schemas";
import { cn } from "@/lib/utils";

/** Small presentational pieces shared by the offers table and the create form's offer header. */

export function HostTierBadge({ offer }: { offer: Offer }) {
  if (isCommunity(offer)) {
    return (
      <Badge
        variant="warning"
        title="Community hosts: machines run by independent hosts. No storage volumes; launching needs include_community."
      >
        Community
      </Badge>
    );
  }
  return <span className="text-muted-foreground">{hostTierLabel(offer.host_tier)}</span>;
}

export function InterconnectText({ offer }: { offer: Offer }) {
  const ic = offer.interconnect;
  if (!ic) return <span className="text-muted-foreground">—</span>;
  return (
    <span
      className="flex flex-col leading-tight"
      title={[ic.label, ic.note].filter(Boolean).join(" — ") || undefined}
    >
      <span className="tabular-nums">
        {ic.rate_gbps != null ? linkRateLabel(ic.rate_gbps) : interconnectKindLabel(ic.kind)}
      </span>
      <span className="max-w-40 truncate text-xs text-muted-foreground">
        {ic.rate_gbps != null ? interconnectKindLabel(ic.kind) : ic.label}
      </span>
    </span>
  );
}

/** Host tier and deployment type together: both say what kind of machine it is. */
export function HostsText({ offer }: { offer: Offer }) {
  return (
    <span className="flex flex-col items-start gap-0.5 leading-tight">
      <HostTierBadge offer={offer} />
      <span className="text-xs text-muted-foreground">
        {isContainer(offer) ? (
          <span title="Containers have no shared /shared volume between nodes.">Container</span>
        ) : (
          deploymentLabel(offer.deployment_type)
        )}
      </span>
    </span>
  );
}

export function DeploymentText({ offer }: { offer: Offer }) {
  if (isContainer(offer)) {
    return (
      <span className="flex flex-col leading-tight">
        <span>Container</span>
        <span className="text-xs text-muted-foreground">no /shared</span>
      </span>
    );
  }
  return <span>{deploymentLabel(offer.deployment_type)}</span>;
}

const SHORT_STACK: Record<string, string> = { none: "None", slurm: "Slurm", kubernetes: "K8s", ray: "Ray" };

export function StacksText({ offer }: { offer: Offer }) {
  if (offer.stacks.length === 0) return <span className="text-muted-foreground">no stack</span>;
  return (
    <span title={offer.stacks.map(stackLabel).join(", ")}>
      {offer.stacks.map((s) => SHORT_STACK[s] ?? s).join(" · ")}
    </span>
  );
}

/** Where the machines are and what kind they are, in one cell: "Helsinki FI" over "Datacenter · VM". */
export function WhereText({ offer }: { offer: Offer }) {
  return (
    <span className="flex flex-col items-start gap-0.5 leading-tight">
      <LocationText offer={offer} />
      <span className="flex items-center gap-1 text-xs text-muted-foreground">
        {isCommunity(offer) ? <HostTierBadge offer={offer} /> : hostTierLabel(offer.host_tier)}
        <span aria-hidden>·</span>
        {isContainer(offer) ? (
          <span title="Containers have no shared /shared volume between nodes.">Container</span>
        ) : (
          deploymentLabel(offer.deployment_type)
        )}
      </span>
    </span>
  );
}

/** What a cluster of this offer can be: its node counts over its stacks and whether it takes a volume; its stock. */
export function ShapeText({ offer, nodes = null }: { offer: Offer; nodes?: number | null }) {
  return (
    <span className="flex flex-col leading-tight">
      <span>{describeNodeCounts(offer)}</span>
      <span className="text-xs text-muted-foreground">
        <StacksText offer={offer} />
        {offer.volume ? " · volume" : null}
      </span>
      <StockText offer={offer} nodes={nodes} />
    </span>
  );
}

/** "32 free", "Only 3 free", "Stock: only a launch can tell"; nothing when the API says nothing about stock. */
export function StockText({ offer, nodes = null }: { offer: Offer; nodes?: number | null }) {
  const stock = stockText(offer, nodes);
  if (!stock) return null;
  return (
    <span
      data-testid="offer-stock"
      className={cn("text-xs", stock.short ? "font-medium text-destructive" : "text-muted-foreground")}
      title={
        offer.nodes_available == null
          ? "Runcrate does not know how many machines are free until a launch asks for them."
          : "Machines free right now, as Runcrate lists them; capacity moves, so a launch reads the offer again."
      }
    >
      {stock.text}
    </span>
  );
}

/** "8 GPUs × 80 GB / node" over the machine behind each node ("192 vCPU · 1,920 GB RAM · 7,680 GB disk"). */
export function GpuShapeText({ offer }: { offer: Offer }) {
  const vram = vramText(offer);
  const machine = machineParts(offer);
  return (
    <>
      <div className="text-xs text-muted-foreground">
        {offer.gpus_per_node} GPU{offer.gpus_per_node === 1 ? "" : "s"}
        {vram ? ` × ${vram}` : ""} / node
      </div>
      {machine.length ? (
        // Wraps between the parts, never inside one; a line ends on the separator rather than starting with it.
        <div className="text-xs text-muted-foreground" data-testid="offer-machine">
          {machine.map((part, i) => (
            <Fragment key={part}>
              <span className="whitespace-nowrap">
                {part}
                {i < machine.length - 1 ? " ·" : ""}
              </span>
              {i < machine.length - 1 ? " " : null}
            </Fragment>
          ))}
        </div>
      ) : null}
    </>
  );
}

export function LocationText({ offer }: { offer: Offer }) {
  return (
    <span>
      {offer.location ?? "—"}
      {offer.country_code ? (
        <span className="ml-1 text-xs text-muted-foreground">{offer.country_code}</span>
      ) : null}
    </span>
  );
}

export function GpuPrice({ offer }: { offer: Offer }) {
  return offer.gpus_per_node > 0 ? (
    <>{formatPrice(offer.hourly_rate_per_node / offer.gpus_per_node)}</>
  ) : (
    <>—</>
  );
}
