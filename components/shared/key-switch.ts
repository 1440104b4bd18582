"use client";

import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";

/** How many "not found for your active key" views are on screen (ClusterNotFound). */
let notFoundShown = 0;

/** Marks a view that says something doesn't exist *for the active key*, which a key switch may change. */
export function useKeyScopedNotFound(): void {
  useEffect(() => {
    notFoundShown++;
    return () => {
      notFoundShown--;
    };
  }, []);
}

/** What a successful key switch does in the browser, wherever it is made (header menu, Settings). */
export function useAfterKeySwitch(): () => void {
  const qc = useQueryClient();
  return () => {
    // Everything cached was read with the other key: read it again. (The server pages refresh by revalidation.)
    void qc.resetQueries();
    // Next keeps a not-found view up through a refresh of the same address (its boundary resets on a path change
    // only), so only a reload asks again with the new key.
    if (notFoundShown > 0) window.location.reload();
  };
}
