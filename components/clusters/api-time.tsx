"use client";

import type { ReactNode } from "react";
import { useNow } from "@/components/common/use-now";

/**
 * Renders `children(now)` with the API's time, once a second. Only this subtree re-renders on the tick: a cluster page
 * re-renders its few ticking figures (cost so far, phase timers, test duration), not its node table and events.
 * Until the page has hydrated there is no clock, and `now` is when the data arrived (`receivedAt`), so the server's
 * markup and the first client render agree.
 */
export function ApiTime({
  receivedAt,
  skew,
  children,
}: {
  receivedAt: number;
  /** lib/clusters/clock.ts clockSkew for the data shown. */
  skew: number;
  children: (now: number) => ReactNode;
}) {
  const tick = useNow();
  return children((tick ?? receivedAt) + skew);
}
