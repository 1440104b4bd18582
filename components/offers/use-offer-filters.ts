"use client";

import { useCallback, useMemo, useState } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import type { OfferFilters } from "@/lib/offers/filters";
import { parseOfferQuery, serializeOfferQuery } from "@/lib/offers/url-state";

/**
 * The offers page's filters, read from and written to the URL. Writes use the History API, which the Next router
 * integrates with (useSearchParams updates, Back/Forward work) without a server round trip per keystroke:
 * discrete choices push a history entry, typing replaces the current one. The page never scrolls on a change.
 *
 * A change is applied to local state first, so the list re-renders in the same task as the click; the router only
 * catches up with the URL afterwards, in a transition, so its time-sliced re-render of the whole tree does not sit
 * between a click and the new list (docs/performance.md). When the URL changes from elsewhere (Back, a shared
 * link), the local state follows it.
 */
export function useOfferFilters() {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const fromUrl = useMemo(() => parseOfferQuery(searchParams), [searchParams]);
  // The filters shown, with their query string: what the URL says, or what this page last wrote to it.
  const [local, setLocal] = useState(() => ({
    filters: fromUrl.filters,
    qs: serializeOfferQuery(fromUrl.filters),
  }));
  const [seen, setSeen] = useState(fromUrl);
  if (seen !== fromUrl) {
    setSeen(fromUrl);
    // Our own write coming back leaves the state alone (same query); anything else replaces it.
    const qs = serializeOfferQuery(fromUrl.filters);
    if (qs !== local.qs) setLocal({ filters: fromUrl.filters, qs });
  }

  const setFilters = useCallback(
    (next: OfferFilters, mode: "push" | "replace" = "push") => {
      const qs = serializeOfferQuery(next);
      const url = qs ? `${pathname}?${qs}` : pathname;
      if (url === `${window.location.pathname}${window.location.search}`) return;
      setLocal({ filters: next, qs });
      if (mode === "replace") window.history.replaceState(null, "", url);
      else window.history.pushState(null, "", url);
    },
    [pathname],
  );

  return { filters: local.filters, notices: fromUrl.notices, setFilters };
}
