"use client";

import { useSyncExternalStore } from "react";

const QUERY = "(max-width: 767px)";

function subscribe(onChange: () => void) {
  const mq = window.matchMedia(QUERY);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
}

/**
 * True on phone-sized screens, where the offers render as cards instead of a wide table (one or the other, not both).
 * On the server and while hydrating the width is not known yet: null, and the caller renders for both, in CSS. After
 * hydration the media query decides.
 */
export function useNarrow(): boolean | null {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => null,
  );
}
