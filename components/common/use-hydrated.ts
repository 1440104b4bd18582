"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true from the first render after it. A button whose work is a
 * click handler does nothing before then, so it renders disabled until it works: a click before hydration is never lost silently.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
