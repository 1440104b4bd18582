import { describe, expect, it } from "vitest";
import { clockSkew, newestTimestamp } from "@/lib/clusters/clock";
import { makeCluster, T0 } from "../support/fixtures";

describe("clock skew", () => {
  const c = makeCluster({ events: [{ id: 1, at: "2026-01-01T00:10:00.000Z", kind: "x", message: "m" }] });

  it("finds the newest timestamp anywhere in the clusters", () => {
    expect(newestTimestamp([c])).toBe(T0 + 10 * 60_000);
    expect(newestTimestamp([])).toBeNull();
  });

  it("moves a browser that is behind the API forward", () => {
    expect(clockSkew([c], T0 + 5 * 60_000)).toBe(5 * 60_000);
  });

  it("leaves a browser that is on time or ahead alone", () => {
    expect(clockSkew([c], T0 + 10 * 60_000)).toBe(0);
    expect(clockSkew([c], T0 + 60 * 60_000)).toBe(0);
    expect(clockSkew([], T0)).toBe(0);
  });
});
