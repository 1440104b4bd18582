"use client";

import * as React from "react";

import { ThemeProvider } from "@/components/theme-provider";
import { Toaster } from "@/components/ui/sonner";

/**
 * Client-side context for every page: the theme (class on <html>, following the system until the user picks; the
 * choice under localStorage "theme", next-themes' default key) and the one toaster. React Query lives in the console
 * layout (QueryProvider); nuqs' adapter wraps only the pages that keep state in the URL.
 */
export function Providers({ children, nonce }: { children: React.ReactNode; nonce?: string }) {
  return (
    // next-themes' inline script (the theme before first paint) runs under the page's CSP nonce.
    <ThemeProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      nonce={nonce}
    >
      {children}
      <Toaster position="bottom-right" closeButton />
    </ThemeProvider>
  );
}
