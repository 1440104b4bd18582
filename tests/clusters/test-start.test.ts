import { describe, expect, it } from "vitest";
import { testStartBlocked } from "@/lib/clusters/nccl";

describe("testStartBlocked says what is true for each status", () => {
  it("a terminating cluster is being terminated, not terminated yet", () => {
    expect(testStartBlocked({ status: "terminating" })).toBe("The cluster is being terminated.");
    expect(testStartBlocked({ status: "terminated" })).toBe("The cluster is terminated.");
  });
  it("a ready cluster with no test running can start one", () => {
    expect(testStartBlocked({ status: "ready", last_test: null })).toBeNull();
  });
});
