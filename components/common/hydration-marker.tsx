"use client";

import { useEffect } from "react";

/**
 * Marks the page as hydrated: `data-hydrated` on <html> once React has attached this page's root. Browser tests and
 * the bench wait on this public signal instead of reading React's private fields off a DOM node. Controls that
 * work only after hydration still say so themselves (HydratedButton, LazyDialog render disabled until then).
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}
