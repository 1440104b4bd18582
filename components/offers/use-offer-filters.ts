"use client";

import { useCallback, useMemo } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import type { OfferFilters } from "@/lib/offers/filters";
import { parseOfferQuery, serializeOfferQuery } from "@/lib/offers/url-state";

/**
 * The offers page's filters, read from and written to the URL. Writes use the History API, which the Next router
 * integrates with (useSearchParams updates, Back/Forward work) without a server round trip per keystroke:
 * discrete choices push a history entry, typing replaces the current one. The page never scrolls on a change.
 */
export function useOfferFilters() {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const { filters, notices } = useMemo(() => parseOfferQuery(searchParams), [searchParams]);

  const setFilters = useCallback(
    (next: OfferFilters, mode: "push" | "replace" = "push") => {
      const qs = serializeOfferQuery(next);
      const url = qs ? `${pathname}?${qs}` : pathname;
      if (url === `${window.location.pathname}${window.location.search}`) return;
      if (mode === "replace") window.history.replaceState(null, "", url);
      else window.history.pushState(null, "", url);
    },
    [pathname],
  );

  return { filters, notices, setFilters };
}
