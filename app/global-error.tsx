"use client";

import { useEffect } from "react";

import "./globals.css";
import { errorReference } from "@/components/shell/error-digest";
import { ThemeProvider } from "@/components/theme-provider";

/**
 * Last resort when the root layout itself fails. It replaces the whole document, so it brings its own
 * <html>/<body>, stylesheet and theme provider (next-themes applies the stored choice), and no other providers.
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  const reference = errorReference(error);
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh">
        <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
          <title>Something went wrong · Clusterdeck</title>
          <main className="mx-auto flex max-w-md flex-col items-center px-4 pt-[15vh] text-center">
            <h1 className="text-lg font-semibold tracking-tight">
              Clusterdeck couldn&apos;t start this page
            </h1>
            <p className="mt-2 text-sm text-muted-foreground">
              Something went wrong before the console could load. Reloading usually helps; if it doesn&apos;t,
              the server log has the details{reference ? " under the reference below." : "."}
            </p>
            {reference && (
              <p className="mt-3 text-xs text-muted-foreground">
                Reference{" "}
                <code className="rounded bg-muted px-1 py-0.5 font-mono text-[11px]">{reference}</code>
              </p>
            )}
            <div className="mt-6 flex gap-2">
              <button
                type="button"
                onClick={() => retry()}
                className="inline-flex h-9 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
              >
                Try again
              </button>
              {/* A full page load: the root layout failed, so do not rely on the client router. */}
              {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- deliberate hard navigation */}
              <a
                href="/clusters"
                className="inline-flex h-9 items-center rounded-md border border-input px-4 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
              >
                Go to clusters
              </a>
            </div>
          </main>
        </ThemeProvider>
      </body>
    </html>
  );
}
