import { describe, expect, it } from "vitest";

import {
  makeQueryClient,
  MAX_RETRIES,
  queryRetryDelay,
  shouldRetryQuery,
} from "@/components/shell/query-client";
import { ApiError } from "@/lib/query/fetch-api";

const withStatus = (status: number, retryAfter: number | null = null) =>
  new ApiError(`HTTP ${status}`, status, `http_${status}`, retryAfter);

describe("React Query defaults", () => {
  it("never retries a client error that will not fix itself", () => {
    for (const status of [400, 401, 402, 403, 404, 409, 422]) {
      expect(shouldRetryQuery(0, withStatus(status)), `status ${status}`).toBe(false);
    }
  });

  it("retries transient failures (5xx, 429, 408, network, unexpected errors) a bounded number of times", () => {
    for (const error of [
      withStatus(502),
      withStatus(503),
      withStatus(429),
      withStatus(408),
      new ApiError("offline", 0, "network"),
      new TypeError("boom"),
    ]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(MAX_RETRIES - 1, error)).toBe(true);
      expect(shouldRetryQuery(MAX_RETRIES, error)).toBe(false);
    }
  });

  it("waits longer before each retry, and never less than Retry-After", () => {
    expect([0, 1, 2, 3, 4, 9].map((n) => queryRetryDelay(n, withStatus(503)))).toEqual([
      1000, 2000, 4000, 8000, 8000, 8000,
    ]);
    expect(queryRetryDelay(0, withStatus(429, 12))).toBe(12_000);
    expect(queryRetryDelay(3, withStatus(429, 2))).toBe(8_000);
  });

  it("is the QueryClient's one policy: no refetch on window focus, no retried mutations", () => {
    const client = makeQueryClient();
    const defaults = client.getDefaultOptions();
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
    expect(defaults.queries?.retry).toBe(shouldRetryQuery);
    expect(defaults.queries?.retryDelay).toBe(queryRetryDelay);
  });
});
