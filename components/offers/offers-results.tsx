"use client";

import { OfferCards } from "@/components/offers/offer-cards";
import { OffersTable } from "@/components/offers/offers-table";
import { useNarrow } from "@/components/offers/use-narrow";
import { useRenderLimit } from "@/components/offers/use-render-limit";
import { Button } from "@/components/ui/button";
import type { SortDir, SortKey } from "@/lib/offers/filters";
import type { Offer } from "@/lib/runcrate/schemas";
import { cn } from "@/lib/utils";
import { formatCount } from "@/lib/format/number";

type Props = {
  rows: Offer[];
  nodes: number | null;
  balance: number | null;
  sort: SortKey;
  dir: SortDir;
  onSort: (key: SortKey) => void;
};

/**
 * The matching offers: a table on wide screens, cards on phones, the first rows mounted and more as you scroll. Until
 * the page has hydrated the width is not known, so both are rendered and CSS shows the one that fits; after that only
 * that one is mounted.
 */
export function OffersResults({ rows, nodes, balance, sort, dir, onSort }: Props) {
  const narrow = useNarrow();
  const { visible, more, sentinelRef, showAll } = useRenderLimit(rows);
  return (
    <>
      {narrow !== false ? (
        <div className={cn(narrow === null && "md:hidden")}>
          <OfferCards offers={visible} nodes={nodes} balance={balance} />
        </div>
      ) : null}
      {narrow !== true ? (
        <div className={cn(narrow === null && "max-md:hidden")}>
          <OffersTable
            offers={visible}
            nodes={nodes}
            balance={balance}
            sort={sort}
            dir={dir}
            onSort={onSort}
          />
        </div>
      ) : null}
      {more ? (
        <div
          ref={sentinelRef}
          className="flex items-center justify-center gap-3 py-3 text-sm text-muted-foreground"
        >
          Showing {formatCount(visible.length)} of {formatCount(rows.length)}; more load as you scroll.
          <Button variant="outline" size="sm" onClick={showAll}>
            Show all
          </Button>
        </div>
      ) : null}
    </>
  );
}
