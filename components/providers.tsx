"use client";

import * as React from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";

import { Toaster } from "@/components/ui/sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import { makeQueryClient } from "@/components/shell/query-client";

/**
 * Client-side context for the whole app: theme (class on <html>, following the system until the user picks),
 * one React Query client per browser session, tooltips and the toaster.
 */
export function Providers({ children }: { children: React.ReactNode }) {
  // useState, not a module singleton: one client per browser session, never shared between server requests.
  const [queryClient] = React.useState<QueryClient>(makeQueryClient);
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
