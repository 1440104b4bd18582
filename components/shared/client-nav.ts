"use client";

import { useCallback, useEffect, useRef, useTransition } from "react";
import { useRouter } from "next/navigation";

/**
 * Client-side navigation for plain `<a data-client-nav href>` links inside a long list, with one click handler on the
 * list instead of a next/link per row. A next/link costs a few hooks and a registration per row on every mount, and
 * the offer list re-mounts its rows on each filter change (docs/performance.md). A plain left click goes
 * through the router like a Link; a modified or middle click, or opening in a new tab, keeps the browser's default.
 * `beforeNavigate` lets the page finish what must happen first (the offers page: its URL writes, which would cancel
 * a navigation already loading).
 *
 * The clicked link carries `aria-busy="true"` until the navigation is done (a Button shows it): a page with
 * no loading skeleton of its own (/clusters/new renders whole on the server) shows nothing new until it arrives.
 */
export function useClientNavClick(beforeNavigate?: () => Promise<void>): (e: React.MouseEvent) => void {
  const router = useRouter();
  const [navigating, startTransition] = useTransition();
  const busy = useRef<Element | null>(null);
  const settle = useCallback(() => {
    busy.current?.removeAttribute("aria-busy");
    busy.current = null;
  }, []);
  // The transition ends when the new page has rendered; if this list is still there (the same page, or the
  // navigation was superseded), the link stops looking busy.
  useEffect(() => {
    if (!navigating) settle();
  }, [navigating, settle]);
  return useCallback(
    (e: React.MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element).closest("a[data-client-nav]");
      const href = a?.getAttribute("href");
      if (!a || !href || a.getAttribute("target")) return;
      e.preventDefault();
      settle();
      a.setAttribute("aria-busy", "true");
      busy.current = a;
      const go = () => startTransition(() => router.push(href));
      if (beforeNavigate) void beforeNavigate().then(go);
      else go();
    },
    [router, beforeNavigate, settle],
  );
}
