import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "@/lib/query/fetch-api";

/** Retries after a failed read: with the first attempt, three tries before a query reports its error. */
export const MAX_RETRIES = 2;
const MAX_RETRY_DELAY_MS = 8_000;

/**
 * Retry transient failures (network, 5xx, 408, 429) a couple of times; never retry other 4xx — a bad request, a
 * missing key or a 404 will not fix itself, and retrying only delays the message the user needs.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return true;
  const { status } = error;
  return !(status >= 400 && status < 500 && status !== 408 && status !== 429);
}

/** 1 s, 2 s, 4 s … (React Query's own curve, capped lower), and never sooner than the server's Retry-After. */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  const exponential = Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
  const retryAfter = isApiError(error) ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
  return Math.max(exponential, retryAfter);
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Console data is polled where it matters; focusing the tab must not fan out a request storm.
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        staleTime: 15_000,
        gcTime: 5 * 60_000,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
      },
      mutations: { retry: false },
    },
  });
}
