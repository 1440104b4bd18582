"use client";

import * as React from "react";

import { LazyToaster } from "@/components/shared/toast";
import { ThemeProvider } from "@/components/shell/theme";
import { watchServerAnswers } from "@/components/shell/request-reference";

/**
 * Client-side context for every page: the theme (class on <html>, following the system until the user picks) and the
 * toaster, which loads with the first toast. React Query lives in the console layout (QueryProvider); nuqs' adapter
 * wraps only the pages that keep state in the URL (docs/performance.md).
 */
export function Providers({ children, nonce }: { children: React.ReactNode; nonce?: string }) {
  // Error pages name the request that failed (components/shell/request-reference.ts).
  React.useEffect(() => watchServerAnswers(), []);
  return (
    // The theme's inline script (the theme before first paint) runs under the page's CSP nonce.
    <ThemeProvider nonce={nonce}>
      {children}
      <LazyToaster position="bottom-right" closeButton />
    </ThemeProvider>
  );
}
