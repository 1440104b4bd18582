"use client";

import * as React from "react";
import { ThemeProvider as NextThemesProvider } from "next-themes";

/** shadcn's theme provider: next-themes, which keeps the choice in localStorage and sets `.dark` on <html>. */
export function ThemeProvider({ children, ...props }: React.ComponentProps<typeof NextThemesProvider>) {
  return <NextThemesProvider {...props}>{children}</NextThemesProvider>;
}
