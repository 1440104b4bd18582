"use client";

import * as React from "react";
import { ThemeProvider } from "next-themes";
import { NuqsAdapter } from "nuqs/adapters/next/app";

import { LazyToaster } from "@/components/shared/toast";

/**
 * Client-side context for every page: the theme (class on <html>, following the system until the user picks), URL
 * state (nuqs) and the toaster, which loads with the first toast. React Query lives in the console layout
 * (QueryProvider).
 */
export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <NuqsAdapter>{children}</NuqsAdapter>
      <LazyToaster position="bottom-right" closeButton />
    </ThemeProvider>
  );
}
