"use client";

import * as React from "react";

import { ThemeProvider } from "@/components/theme-provider";

/**
 * Client-side context for every page: the theme (class on <html>, following the system until the user picks; the
 * choice under localStorage "theme", next-themes' default key). The console layout adds what only its pages use —
 * React Query and the toaster — so the sign-in and sign-up pages do not load them; nuqs' adapter wraps only the
 * pages that keep state in the URL.
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
    </ThemeProvider>
  );
}
