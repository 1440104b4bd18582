"use client";

import { useEffect, useState } from "react";

export const RENDER_STEP = 30;

/**
 * How many rows to mount: the first RENDER_STEP, growing by RENDER_STEP as the sentinel below the list scrolls into
 * view (600 px ahead, so scrolling never reaches an empty end). With 2,000 offers, mounting every row on each filter
 * change blocks the main thread for hundreds of milliseconds on a slow machine; mounting the top rows keeps every
 * keystroke and filter change cheap, and the list is sorted, so the rows people look at are the first ones. Resets
 * when the list itself changes. 30 rows fill a tall screen; the time of a filter change grows with the rows mounted,
 * most of it the browser laying out the table after React's commit (docs/performance.md).
 */
export function useRenderLimit<T>(list: T[]) {
  const [limit, setLimit] = useState(RENDER_STEP);
  const [seen, setSeen] = useState(list);
  if (seen !== list) {
    setSeen(list);
    setLimit(RENDER_STEP);
  }
  // A callback ref held in state, so the observer is attached when the sentinel mounts.
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const more = list.length > limit;
  useEffect(() => {
    const el = sentinel;
    if (!el || !more) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setLimit((l) => l + RENDER_STEP);
      },
      { rootMargin: "600px 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [sentinel, more, limit]);
  return {
    visible: more ? list.slice(0, limit) : list,
    more,
    sentinelRef: setSentinel,
    showAll: () => setLimit(list.length),
  };
}
