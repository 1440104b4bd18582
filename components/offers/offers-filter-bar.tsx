"use client";

import { FacetMenu } from "@/components/offers/facet-menu";
import { NumberFilter } from "@/components/offers/number-filter";
import { Switch } from "@/components/ui/switch";
import type { OfferFacets } from "@/lib/offers/filters";
import type { OfferChoices } from "@/lib/offers/search-params";
import { stackLabel } from "@/lib/offers/offer-rules";

type Props = {
  filters: OfferChoices;
  facets: OfferFacets;
  set: (patch: Partial<OfferChoices>) => void;
  children?: React.ReactNode;
};

const DEP_LABEL: Record<string, string> = { vm: "VM", container: "Container (no /shared)" };

/** One filter per column of the table (the search box and node count live in the toolbar). */
export function OffersFilterBar({ filters: f, facets, set, children }: Props) {
  const countryLabel = new Map(facets.country.map((c) => [c.code, c.label]));
  return (
    <div className="flex flex-col gap-2" role="group" aria-label="Filters">
      <div className="flex flex-wrap items-center gap-2">
        <FacetMenu label="GPU" options={facets.gpu} selected={f.gpu} onChange={(gpu) => set({ gpu })} />
        <FacetMenu
          label="GPUs/node"
          options={facets.gpn}
          selected={f.gpn}
          onChange={(gpn) => set({ gpn })}
          render={(n) => `${n} per node`}
        />
        <FacetMenu
          label="Location"
          options={facets.country.map((c) => c.code)}
          selected={f.country}
          onChange={(country) => set({ country })}
          render={(c) => countryLabel.get(c) ?? c}
        />
        <FacetMenu label="Interconnect" options={facets.ic} selected={f.ic} onChange={(ic) => set({ ic })} />
        <FacetMenu
          label="Deployment"
          options={facets.dep}
          selected={f.dep}
          onChange={(dep) => set({ dep })}
          render={(d) => DEP_LABEL[d] ?? d}
        />
        <FacetMenu
          label="Stacks"
          options={facets.stack}
          selected={f.stack}
          onChange={(stack) => set({ stack })}
          render={stackLabel}
        />
        {f.community ? (
          <FacetMenu
            label="Hosts"
            options={["datacenter", "community"] as const}
            selected={f.tier ? [f.tier] : []}
            onChange={(t) => set({ tier: t.length === 1 ? (t[0] ?? null) : null })}
            render={(t) => (t === "community" ? "Community only" : "Datacenter only")}
          />
        ) : null}
      </div>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <NumberFilter
          label="Max $/GPU-h"
          param="maxGpuHr"
          describe={(v) => `$${v}/GPU-h`}
          value={f.maxGpuHr}
          onCommit={(maxGpuHr) => set({ maxGpuHr })}
          placeholder="any"
        />
        <NumberFilter
          label="Max $/node-h"
          param="maxNodeHr"
          describe={(v) => `$${v}/node-h`}
          value={f.maxNodeHr}
          onCommit={(maxNodeHr) => set({ maxNodeHr })}
          placeholder="any"
        />
        <NumberFilter
          label="Interconnect at least"
          param="icMin"
          value={f.icMin}
          onCommit={(icMin) => set({ icMin })}
          placeholder="any"
          unit="Gbps"
        />
        <label className="flex h-8 items-center gap-2 text-xs text-muted-foreground">
          <Switch
            checked={f.vol}
            onCheckedChange={(vol) => set({ vol })}
            aria-label="Only offers that take a storage volume"
          />
          Takes a volume
        </label>
        {children}
      </div>
    </div>
  );
}
