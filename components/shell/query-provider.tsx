"use client";

import * as React from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";

import { makeQueryClient } from "@/components/shell/query-client";

/**
 * React Query for the console pages only: the sign-in and sign-up pages read nothing through it, so they do not
 * load it. useState, not a module singleton: one client per browser session, never shared between server requests.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [queryClient] = React.useState<QueryClient>(makeQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
