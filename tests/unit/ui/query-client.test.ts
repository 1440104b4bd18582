import { describe, expect, it } from "vitest";

import { errorStatus, makeQueryClient, shouldRetryQuery } from "@/components/shell/query-client";

const withStatus = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

describe("React Query defaults", () => {
  it("never retries a client error that will not fix itself", () => {
    for (const status of [400, 401, 402, 403, 404, 409, 422]) {
      expect(shouldRetryQuery(0, withStatus(status)), `status ${status}`).toBe(false);
    }
  });

  it("retries transient failures (5xx, 429, 408, network) a bounded number of times", () => {
    for (const error of [
      withStatus(502),
      withStatus(503),
      withStatus(429),
      withStatus(408),
      new TypeError("fetch failed"),
    ]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(1, error)).toBe(true);
      expect(shouldRetryQuery(2, error)).toBe(false);
    }
  });

  it("reads the status from `status` or `response.status`", () => {
    expect(errorStatus(withStatus(404))).toBe(404);
    expect(errorStatus({ response: { status: 503 } })).toBe(503);
    expect(errorStatus("boom")).toBeNull();
    expect(errorStatus({ status: "404" })).toBeNull();
  });

  it("does not refetch on window focus and does not retry mutations", () => {
    const client = makeQueryClient();
    const defaults = client.getDefaultOptions();
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
    expect(defaults.queries?.retry).toBe(shouldRetryQuery);
  });
});
