"use client";

import { OffersSkeleton } from "@/components/offers/offers-states";
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
  /** Awaited before a Launch link leaves the page. */
  beforeNavigate: () => Promise<void>;
  /** The server's guess that this is a phone: the cards are rendered before the width is known. */
  phone?: boolean;
};

/** The matching offers: a table on wide screens, cards on phones, the first rows mounted and more as you scroll. */
export function OffersResults({ rows, nodes, balance, sort, dir, onSort, beforeNavigate, phone }: Props) {
  const narrow = useNarrow(phone ? true : null);
  const { visible, more, sentinelRef, showAll } = useRenderLimit(rows);
  return (
    <>
      {narrow ? (
        <OfferCards offers={visible} nodes={nodes} balance={balance} beforeNavigate={beforeNavigate} />
      ) : (
        // Unless the request says it is from a phone (then the cards above), the server renders the table (most of
        // this console's use is on wide screens), hidden below md until the width is known; a narrow window sees a
        // placeholder and then the cards. The same wrapper either way, so hydration on a wide screen keeps the table
        // it was given instead of building it again.
        <div className={cn(narrow === null && "max-md:hidden")}>
          <OffersTable
            offers={visible}
            nodes={nodes}
            balance={balance}
            sort={sort}
            dir={dir}
            onSort={onSort}
            beforeNavigate={beforeNavigate}
          />
        </div>
      )}
      {narrow === null ? <OffersSkeleton className="md:hidden" /> : null}
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
