"use client";

import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { SlidersHorizontalIcon } from "lucide-react";
import { OffersFilterBar } from "@/components/offers/offers-filter-bar";
import { PendingUrlWrites } from "@/components/offers/launch-link";
import { OffersNotices } from "@/components/offers/offers-notices";
import { OffersResults } from "@/components/offers/offers-results";
import { OffersEmpty, OffersError, OffersSkeleton } from "@/components/offers/offers-states";
import { OffersToolbar } from "@/components/offers/offers-toolbar";
import { useOfferFilters } from "@/components/offers/use-offer-filters";
import { Button } from "@/components/ui/button";
import {
  applyOfferFilters,
  clearNarrowing,
  hasNarrowingFilters,
  offerFacets,
  type SortKey,
} from "@/lib/offers/filters";
import { formatUsd } from "@/lib/format/money";
import { balanceQueryOptions } from "@/lib/query/balance";
import { ApiError } from "@/lib/query/fetch-api";
import { offersQueryOptions } from "@/lib/offers/queries";
import { ListNotesLine } from "@/components/common/list-notes-line";
import { notesOf } from "@/lib/runcrate/listed";
import { cn } from "@/lib/utils";
import { formatCount } from "@/lib/format/number";
import { OfferPolicy } from "@/components/policies/policy-mark";
import type { TeamPolicy } from "@/lib/policies/policy";

export function OffersView({ policy = null }: { policy?: TeamPolicy | null }) {
  const { choices, q, notices, setFilters, setSearch, urlWrites } = useOfferFilters();
  const offers = useQuery(offersQueryOptions(choices.community));
  const notes = useQuery({ ...offersQueryOptions(choices.community), select: notesOf }).data;
  const balance = useQuery(balanceQueryOptions());

  // Only the search is deferred, so typing stays responsive; a switch or a select applies in the same render.
  const deferredQ = useDeferredValue(q);
  const deferred = useMemo(() => ({ ...choices, q: deferredQ }), [choices, deferredQ]);
  const all = useMemo(() => offers.data ?? [], [offers.data]);
  const facets = useMemo(() => offerFacets(all), [all]);
  const rows = useMemo(() => applyOfferFilters(all, deferred), [all, deferred]);
  const visibleTotal = useMemo(
    () => (choices.community ? all.length : all.filter((o) => o.host_tier !== "community").length),
    [all, choices.community],
  );
  const narrowed = hasNarrowingFilters({ ...choices, q });
  const bal = balance.data?.creditsBalance ?? null;
  const [filtersOpen, setFiltersOpen] = useState(false);

  const onSort = useCallback(
    (key: SortKey) =>
      setFilters((f) => ({ sort: key, dir: f.sort === key && f.dir === "asc" ? "desc" : "asc" })),
    [setFilters],
  );
  const clear = () => setFilters((f) => clearNarrowing({ ...f, q }), "");

  // Two boxes in the page's wrapping row (app/(console)/offers/page.tsx), after the server's OffersHeading: the
  // counts beside the title on a wide screen, below it on a phone (pulled up to sit under the title as one block;
  // beside it, the row's items-end keeps them on the title's last line); the rest takes the full width below them.
  return (
    <OfferPolicy value={policy}>
      <p
        className="-mt-3 min-h-5 shrink-0 text-sm text-muted-foreground tabular-nums sm:min-w-80 sm:text-right"
        aria-live="polite"
      >
        {offers.data ? `${formatCount(rows.length)} of ${formatCount(visibleTotal)} offers` : null}
        {bal !== null ? <span className="ml-3">Balance {formatUsd(bal)}</span> : null}
      </p>
      <div className="flex w-full flex-col gap-4">
        <OffersNotices notices={notices} />
        {/* An empty list of unreadable offers says so in its own place below, not twice. */}
        {rows.length === 0 && all.length === 0 ? null : <ListNotesLine notes={notes} noun="offer" />}
        <OffersToolbar choices={choices} q={q} set={setFilters} onSearch={setSearch} />

        {/* Phone widths collapse the filter bar behind a button. Done in CSS, not with useNarrow, so the server's HTML
          is already right at the first paint and the list below does not jump when the page hydrates. */}
        <Button
          variant="outline"
          size="sm"
          className="w-fit md:hidden"
          aria-expanded={filtersOpen}
          aria-controls="offer-filters"
          onClick={() => setFiltersOpen((o) => !o)}
        >
          <SlidersHorizontalIcon aria-hidden /> {filtersOpen ? "Hide filters" : "Filters"}
          {narrowed ? <span className="rounded bg-brand/15 px-1 text-xs text-brand">on</span> : null}
        </Button>
        <div id="offer-filters" className={cn(!filtersOpen && "max-md:hidden")}>
          <OffersFilterBar filters={choices} facets={facets} set={setFilters}>
            {narrowed ? (
              <Button variant="ghost" size="sm" onClick={clear}>
                Clear filters
              </Button>
            ) : null}
          </OffersFilterBar>
        </div>

        {offers.isPending ? (
          <OffersSkeleton />
        ) : offers.isError && !offers.data ? (
          <OffersError
            message={offers.error.message}
            code={offers.error instanceof ApiError ? offers.error.code : null}
            onRetry={() => void offers.refetch()}
            retrying={offers.isFetching}
          />
        ) : rows.length === 0 ? (
          <OffersEmpty filtered={narrowed} onClear={clear} total={visibleTotal} notes={notes} />
        ) : (
          <PendingUrlWrites value={urlWrites}>
            <OffersResults
              rows={rows}
              nodes={deferred.nodes}
              balance={bal}
              sort={choices.sort}
              dir={choices.dir}
              onSort={onSort}
            />
          </PendingUrlWrites>
        )}
        {balance.isError ? (
          <p className="text-xs text-muted-foreground">
            Balance unavailable ({balance.error.message}); shortfall marks are hidden.
          </p>
        ) : null}
      </div>
    </OfferPolicy>
  );
}
