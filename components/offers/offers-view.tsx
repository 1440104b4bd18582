"use client";

import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { InfoIcon, SearchIcon, SlidersHorizontalIcon, XIcon } from "lucide-react";
import { OffersFilterBar } from "@/components/offers/offers-filter-bar";
import { OffersEmpty, OffersError, OffersSkeleton } from "@/components/offers/offers-states";
import { OfferCards } from "@/components/offers/offer-cards";
import { OffersTable } from "@/components/offers/offers-table";
import { useNarrow } from "@/components/offers/use-narrow";
import { useRenderLimit } from "@/components/offers/use-render-limit";
import { useOfferFilters } from "@/components/offers/use-offer-filters";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import {
  applyOfferFilters,
  hasNarrowingFilters,
  offerFacets,
  type OfferFilters,
  type SortKey,
} from "@/lib/offers/filters";
import { formatUsd } from "@/lib/money";
import { clearNarrowing } from "@/lib/offers/url-state";
import { balanceQueryOptions } from "@/lib/query/balance";
import { ApiError } from "@/lib/query/fetch-api";
import { offersQueryOptions } from "@/lib/query/offers";
import { MAX_NODES, MIN_NODES } from "@/lib/runcrate/constants";
import { cn } from "@/lib/utils";

const NODE_CHOICES = Array.from({ length: MAX_NODES - MIN_NODES + 1 }, (_, i) => i + MIN_NODES);
const SORT_LABEL: Record<SortKey, string> = {
  gpu_hour: "Price per GPU-hour",
  node_hour: "Price per node-hour",
  interconnect: "Interconnect rate",
  gpus: "GPUs per node",
};
const SEARCH_DEBOUNCE_MS = 250;

export function OffersView() {
  const { filters, notices, setFilters } = useOfferFilters();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const offers = useQuery(offersQueryOptions(filters.community));
  const balance = useQuery(balanceQueryOptions());

  // The search box is local state so typing never waits on the URL; the URL follows after a pause (replace, not push).
  const [q, setQ] = useState(filters.q);
  const [lastWritten, setLastWritten] = useState(filters.q);
  const [urlQ, setUrlQ] = useState(filters.q);
  if (urlQ !== filters.q) {
    // The URL changed from elsewhere (Back, a shared link, "Clear filters"): show what it says.
    setUrlQ(filters.q);
    if (filters.q !== lastWritten) setQ(filters.q);
  }
  const filtersRef = useRef(filters);
  useEffect(() => {
    filtersRef.current = filters;
  }, [filters]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const writeSearch = useCallback(
    (value: string) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (value === filtersRef.current.q) return;
      setLastWritten(value);
      setFilters({ ...filtersRef.current, q: value }, "replace");
    },
    [setFilters],
  );
  useEffect(() => {
    if (q === filtersRef.current.q) return;
    // If anything navigates before the pause ends (Back, a link), the pending write must not land on the new entry.
    const at = window.location.href;
    timer.current = setTimeout(() => {
      if (window.location.href === at) writeSearch(q);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [q, writeSearch]);

  // Text typed into the server-rendered box before the page hydrated is still in it when React first attaches the box
  // (React writes the controlled value after the refs); it becomes the search instead of being wiped. A box React
  // rendered itself has its value attribute in step with the value, so this never fires for one.
  const keepEarlySearch = useCallback((el: HTMLInputElement | null) => {
    if (el && el.value !== el.defaultValue) setQ(el.value.slice(0, 200));
  }, []);

  const set = useCallback(
    (patch: Partial<OfferFilters>) => setFilters({ ...filtersRef.current, q, ...patch }, "push"),
    [setFilters, q],
  );

  const live = useMemo(() => ({ ...filters, q }), [filters, q]);
  // Only the search is deferred, so typing stays responsive; a switch or a select applies in the same render.
  const deferredQ = useDeferredValue(q);
  const deferred = useMemo(() => ({ ...filters, q: deferredQ }), [filters, deferredQ]);
  const all = useMemo(() => offers.data ?? [], [offers.data]);
  const facets = useMemo(() => offerFacets(all), [all]);
  const rows = useMemo(() => applyOfferFilters(all, deferred), [all, deferred]);
  const visibleTotal = useMemo(
    () => (filters.community ? all.length : all.filter((o) => o.host_tier !== "community").length),
    [all, filters.community],
  );
  const narrowed = hasNarrowingFilters(live);
  const bal = balance.data?.creditsBalance ?? null;
  const narrow = useNarrow();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { visible, more, sentinelRef, showAll } = useRenderLimit(rows);

  const onSort = useCallback(
    (key: SortKey) => {
      const f = filtersRef.current;
      set({ sort: key, dir: f.sort === key && f.dir === "asc" ? "desc" : "asc" });
    },
    [set],
  );
  const clear = () => {
    setQ("");
    setFilters(clearNarrowing({ ...filtersRef.current, q: "" }), "push");
  };

  const noticeKey = notices.join("\n");
  return (
    <div className="flex flex-col gap-4">
      {/* The counts arrive after the first paint: their box is sized up front so nothing below moves. */}
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-1">
        <div className="min-w-0 flex-1 basis-md">
          <h1 className="text-xl font-semibold tracking-tight">Offers</h1>
          <p className="text-sm text-muted-foreground">
            Pick the machines for a cluster. Prices are per hour; a launch needs a balance of at least
            max($10, one hour of the whole cluster).
          </p>
        </div>
        <p
          className="min-h-5 shrink-0 text-sm text-muted-foreground tabular-nums sm:min-w-80 sm:text-right"
          aria-live="polite"
        >
          {offers.data
            ? `${rows.length.toLocaleString("en-US")} of ${visibleTotal.toLocaleString("en-US")} offers`
            : null}
          {bal !== null ? <span className="ml-3">Balance {formatUsd(bal)}</span> : null}
        </p>
      </div>

      {notices.length > 0 && dismissed !== noticeKey ? (
        <div
          role="status"
          className="flex items-start gap-2 rounded-md border border-warning/30 bg-warning/10 px-3 py-2 text-sm"
        >
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <ul className="flex-1">
            {notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
          <Button
            variant="ghost"
            size="icon-sm"
            className="size-6"
            onClick={() => setDismissed(noticeKey)}
            aria-label="Dismiss"
          >
            <XIcon />
          </Button>
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <div className="relative min-w-56 flex-1 sm:max-w-sm">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            ref={keepEarlySearch}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value.slice(0, 200))}
            // Leaving the box (e.g. to click Launch) writes the search at once, before any navigation starts.
            onBlur={() => writeSearch(q)}
            onKeyDown={(e) => {
              if (e.key === "Enter") writeSearch(q);
            }}
            placeholder="Search GPU, location, interconnect, stack…"
            aria-label="Search offers"
            className="pl-8"
          />
        </div>
        <div className="flex items-center gap-2">
          <span className="text-sm text-muted-foreground" id="nodes-label">
            Nodes
          </span>
          <NativeSelect
            size="sm"
            className="w-24"
            aria-labelledby="nodes-label"
            value={filters.nodes === null ? "any" : String(filters.nodes)}
            onChange={(e) => set({ nodes: e.target.value === "any" ? null : Number(e.target.value) })}
          >
            <option value="any">Any</option>
            {NODE_CHOICES.map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </NativeSelect>
          {filters.nodes !== null ? (
            <label className="flex items-center gap-2 text-xs text-muted-foreground">
              <Switch
                checked={filters.fits}
                onCheckedChange={(fits) => set({ fits })}
                aria-label={`Hide offers that cannot take ${filters.nodes} nodes`}
              />
              Hide offers that can’t take {filters.nodes}
            </label>
          ) : null}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <Switch
            checked={filters.community}
            onCheckedChange={(community) => set({ community, tier: community ? filters.tier : null })}
            aria-label="Include community hosts"
          />
          Include community hosts
        </label>
        <div className="flex items-center gap-2 sm:ml-auto">
          <span className="text-sm text-muted-foreground" id="sort-label">
            Sort
          </span>
          <NativeSelect
            size="sm"
            className="w-48"
            aria-labelledby="sort-label"
            value={filters.sort}
            onChange={(e) => set({ sort: e.target.value as SortKey })}
          >
            {(Object.keys(SORT_LABEL) as SortKey[]).map((k) => (
              <option key={k} value={k}>
                {SORT_LABEL[k]}
              </option>
            ))}
          </NativeSelect>
          <Button
            variant="outline"
            size="sm"
            onClick={() => set({ dir: filters.dir === "asc" ? "desc" : "asc" })}
            // The name starts with the visible words (WCAG 2.5.3 "label in name"), then says what a press does.
            aria-label={
              filters.dir === "asc" ? "Low → high, switch to high → low" : "High → low, switch to low → high"
            }
          >
            {filters.dir === "asc" ? "Low → high" : "High → low"}
          </Button>
        </div>
      </div>

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
        <OffersFilterBar filters={filters} facets={facets} set={set}>
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
        <OffersEmpty filtered={narrowed} onClear={clear} total={visibleTotal} />
      ) : (
        <>
          {narrow ? (
            <OfferCards offers={visible} nodes={deferred.nodes} balance={bal} />
          ) : (
            // The server renders the table (most of this console's use is on wide screens), hidden below md until
            // the width is known; phones see a placeholder and then the cards. The same wrapper either way, so
            // hydration on a wide screen keeps the table it was given instead of building it again.
            <div className={cn(narrow === null && "max-md:hidden")}>
              <OffersTable
                offers={visible}
                nodes={deferred.nodes}
                balance={bal}
                sort={filters.sort}
                dir={filters.dir}
                onSort={onSort}
              />
            </div>
          )}
          {narrow === null ? <OffersSkeleton className="md:hidden" /> : null}
          {more ? (
            <div
              ref={sentinelRef}
              className="flex items-center justify-center gap-3 py-3 text-sm text-muted-foreground"
            >
              Showing {visible.length.toLocaleString("en-US")} of {rows.length.toLocaleString("en-US")}; more
              load as you scroll.
              <Button variant="outline" size="sm" onClick={showAll}>
                Show all
              </Button>
            </div>
          ) : null}
        </>
      )}
      {balance.isError ? (
        <p className="text-xs text-muted-foreground">
          Balance unavailable ({balance.error.message}); shortfall marks are hidden.
        </p>
      ) : null}
    </div>
  );
}
