import { describe, expect, it } from "vitest";

import { KEEP_ALIVE_DEFAULT_MS, keepAliveTimeoutMs } from "../../scripts/app-node-options.mjs";

describe("the server's keep-alive timeout", () => {
  it("outlasts a load balancer's 60 s idle timeout unless the operator says otherwise", () => {
    expect(keepAliveTimeoutMs()).toBe(KEEP_ALIVE_DEFAULT_MS);
    expect(KEEP_ALIVE_DEFAULT_MS).toBeGreaterThan(60_000);
    expect(keepAliveTimeoutMs("  ")).toBe(KEEP_ALIVE_DEFAULT_MS);
    expect(keepAliveTimeoutMs(" 120000 ")).toBe(120_000);
  });

  it("refuses a value that is not a sane whole number of milliseconds, naming the variable", () => {
    for (const bad of ["65s", "-1", "1.5", "0", "999", "3600001", "1e5"])
      expect(() => keepAliveTimeoutMs(bad)).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
  });
});
