"use client";

import { memo } from "react";
import { ArrowDownIcon, ArrowUpIcon, ArrowUpDownIcon } from "lucide-react";
import { ClusterRateText, OfferLaunchButton, ShortText } from "@/components/offers/offer-row-parts";
import {
  GpuPrice,
  GpuShapeText,
  InterconnectText,
  ShapeText,
  WhereText,
} from "@/components/offers/offer-cells";
import { formatPrice } from "@/lib/format/money";
import type { SortDir, SortKey } from "@/lib/offers/filters";
import { offerRowFacts } from "@/lib/offers/row-facts";
import type { Offer } from "@/lib/runcrate/schemas";
import { cn } from "@/lib/utils";
import { PolicyMark } from "@/components/policies/policy-mark";

type SortProps = { sort: SortKey; dir: SortDir; onSort: (key: SortKey) => void };

function SortHeader({
  label,
  k,
  sort,
  dir,
  onSort,
  className,
}: SortProps & { label: string; k: SortKey; className?: string }) {
  const active = sort === k;
  const Icon = !active ? ArrowUpDownIcon : dir === "asc" ? ArrowUpIcon : ArrowDownIcon;
  return (
    <th
      scope="col"
      aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"}
      className={cn("px-2 py-2 font-medium", className)}
    >
      <button
        type="button"
        onClick={() => onSort(k)}
        className={cn(
          "inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
          active && "text-foreground",
        )}
      >
        {label}
        <Icon className={cn("size-3.5", !active && "opacity-50")} aria-hidden />
      </button>
    </th>
  );
}

/**
 * One row. Memoised on primitive props so typing in the search box or changing one filter only mounts and unmounts
 * the rows that enter or leave the list; rows that stay are not re-rendered.
 */
const OfferRow = memo(function OfferRow({
  offer,
  nodes,
  balance,
}: {
  offer: Offer;
  nodes: number | null;
  balance: number | null;
}) {
  const facts = offerRowFacts(offer, nodes, balance);
  const { takes, n, total, short } = facts;
  return (
    <tr
      data-offer-id={offer.id}
      data-takes={takes ? "yes" : "no"}
      className={cn(
        "group border-b text-[13px] whitespace-nowrap hover:bg-muted/40",
        !takes && "text-muted-foreground",
      )}
    >
      {/* The only cell that wraps: a long GPU name grows the row, never the table. */}
      <td className="max-w-44 min-w-36 px-2 py-1.5 whitespace-normal">
        <div className="font-medium wrap-anywhere text-foreground">{offer.gpu_type}</div>
        <GpuShapeText offer={offer} />
        <PolicyMark offer={offer} facts={facts} className="block" />
      </td>
      <td className="px-2 py-1.5 text-right tabular-nums">
        <GpuPrice offer={offer} />
      </td>
      <td className="px-2 py-1.5 text-right tabular-nums">{formatPrice(offer.hourly_rate_per_node)}</td>
      <td className="px-2 py-1.5 text-right tabular-nums">
        {/* Two lines at most, and no taller than the GPU cell, so a "Short" mark never pushes the rows below down.
            No reserved width: the balance comes with the page (lib/offers/server/prefetch.ts), so the column is sized by
            what it shows from the first paint, and stays narrow for a balance that covers every offer. */}
        <span className="flex flex-col items-end leading-tight whitespace-nowrap">
          <ClusterRateText facts={facts} nodes={nodes} />
          {short > 0 || (nodes === null && total !== null) ? (
            <span className="text-xs">
              <ShortText facts={facts} />
              {short > 0 && nodes === null ? " · " : null}
              {nodes === null ? <span className="text-muted-foreground">{n} nodes</span> : null}
            </span>
          ) : null}
        </span>
      </td>
      <td className="px-2 py-1.5">
        <WhereText offer={offer} />
      </td>
      <td className="px-2 py-1.5">
        <InterconnectText offer={offer} />
      </td>
      <td className="px-2 py-1.5">
        <ShapeText offer={offer} nodes={nodes} />
      </td>
      {/* Pinned to the right edge: when the table is wider than the page and scrolls, Launch stays in view. */}
      <td className="sticky right-0 bg-background bg-linear-to-r from-muted/40 to-muted/40 [background-size:0_0] bg-no-repeat px-2 py-1.5 text-right shadow-[-1px_0_0_var(--border)] group-hover:[background-size:100%_100%]">
        <OfferLaunchButton offer={offer} facts={facts} className="h-7" />
      </td>
    </tr>
  );
});

export function OffersTable({
  offers,
  nodes,
  balance,
  ...sortProps
}: SortProps & {
  offers: Offer[];
  nodes: number | null;
  balance: number | null;
}) {
  return (
    <div className="relative w-full overflow-x-auto rounded-md border">
      {/* Eight columns, secondary facts under the primary ones, so the table fits a 1280 px window with the sidebar. */}
      <table className="w-full text-sm [&_td]:px-1.5 [&_th]:px-1.5">
        <caption className="sr-only">Cluster offers</caption>
        <thead className="bg-muted/60 text-left text-xs whitespace-nowrap text-muted-foreground">
          <tr className="border-b">
            <SortHeader label="GPU" k="gpus" {...sortProps} />
            <SortHeader label="$/GPU-h" k="gpu_hour" className="text-right" {...sortProps} />
            <SortHeader label="$/node-h" k="node_hour" className="text-right" {...sortProps} />
            <th scope="col" className="px-2 py-2 text-right font-medium">
              {nodes !== null ? `At ${nodes} nodes` : "Smallest cluster"}
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              Location · hosts
            </th>
            <SortHeader label="Interconnect" k="interconnect" {...sortProps} />
            <th scope="col" className="px-2 py-2 font-medium">
              Nodes · stacks
            </th>
            <th
              scope="col"
              className="sticky right-0 bg-background bg-linear-to-r from-muted/60 to-muted/60 px-2 py-2 shadow-[-1px_0_0_var(--border)]"
            >
              <span className="sr-only">Launch</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {offers.map((o) => (
            <OfferRow key={o.id} offer={o} nodes={nodes} balance={balance} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
