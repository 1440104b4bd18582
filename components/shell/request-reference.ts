"use client";

import { useSyncExternalStore } from "react";

import { REQUEST_ID_META } from "@/lib/request-id";

/**
 * The request id of the server answer a page's error came from, for error pages to show as their reference (the
 * server logs the failure under it, lib/server/requests.ts). A full page load carries it in a meta tag from the root
 * layout; after that, watchServerAnswers() keeps the id of the latest router or action answer (not prefetches), so
 * an error on a client-side navigation names the request that failed rather than the first page load.
 */

let latest: string | null = null;
let watching = false;

export function currentRequestId(): string | null {
  if (latest) return latest;
  if (typeof document === "undefined") return null;
  return document.querySelector(`meta[name="${REQUEST_ID_META}"]`)?.getAttribute("content") || null;
}

/** Records X-Request-Id of each router (RSC) and server action answer. Installed once, from Providers. */
export function watchServerAnswers(): void {
  if (watching || typeof window === "undefined") return;
  watching = true;
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const res = await original(input, init);
    try {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      const fromServer = headers.get("rsc") === "1" || headers.has("next-action");
      if (fromServer && !headers.has("next-router-prefetch"))
        latest = res.headers.get("x-request-id") ?? latest;
    } catch {
      // headers we can't read: keep the last id
    }
    return res;
  };
}

const noSubscription = () => () => {};

/** The id in the browser; none in the server render (which has no document), so hydration sees no mismatch. */
export function useRequestReference(): string | null {
  return useSyncExternalStore(noSubscription, currentRequestId, () => null);
}
