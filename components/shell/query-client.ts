import { QueryClient } from "@tanstack/react-query";

const MAX_RETRIES = 2;

/** The HTTP status carried by an error thrown from a query function, if it has one (`status` or `response.status`). */
export function errorStatus(error: unknown): number | null {
  if (typeof error !== "object" || error === null) return null;
  const direct = (error as { status?: unknown }).status;
  if (typeof direct === "number") return direct;
  const nested = (error as { response?: { status?: unknown } }).response?.status;
  return typeof nested === "number" ? nested : null;
}

/**
 * Retry transient failures (network, 5xx, 429) a couple of times; never retry other 4xx — a bad request,
 * a missing key or a 404 will not fix itself, and retrying only delays the message the user needs.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  const status = errorStatus(error);
  if (status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429) return false;
  return true;
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
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
      },
      mutations: { retry: false },
    },
  });
}
