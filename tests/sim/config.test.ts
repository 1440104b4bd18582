import { describe, expect, it } from "vitest";
import { DEFAULT_CONFIG, configFromEnv } from "@/sim/config";

describe("configFromEnv (SIM_* variables)", () => {
  it("uses the defaults when nothing is set (empty strings count as unset)", () => {
    expect(configFromEnv({ SIM_SPEED: "", PATH: "/usr/bin" })).toEqual(DEFAULT_CONFIG);
    expect(DEFAULT_CONFIG).toMatchObject({ port: 4010, speed: 1, credits: 500 });
  });

  it("reads every variable", () => {
    const c = configFromEnv({
      SIM_PORT: "4400",
      SIM_SPEED: "30",
      SIM_CREDITS: "1000",
      SIM_RATE_LIMIT: "0",
      SIM_OFFERS: "5000",
      SIM_FAIL_RATE: "0.25",
      SIM_REVOKED_KEYS: "rc_live_a, rc_live_b,",
      SIM_LATENCY_MS: "50",
      SIM_ERROR_RATE: "0.1",
      SIM_HOST: "0.0.0.0",
      SIM_LOG: "1",
      SIM_VARIANTS: " offset-paging:3, numeric-ids,validation-shape:loc ",
    });
    expect(c).toEqual({
      host: "0.0.0.0",
      port: 4400,
      speed: 30,
      credits: 1000,
      rateLimit: 0,
      offers: 5000,
      failRate: 0.25,
      revokedKeys: ["rc_live_a", "rc_live_b"],
      latencyMs: 50,
      errorRate: 0.1,
      log: true,
      variants: ["offset-paging:3", "numeric-ids", "validation-shape:loc"],
    });
  });

  it.each([
    ["SIM_PORT", "70000"],
    ["SIM_SPEED", "fast"],
    ["SIM_FAIL_RATE", "2"],
    ["SIM_OFFERS", "0"],
    ["SIM_VARIANTS", "offset-paging,no-such-variant"],
    ["SIM_VARIANTS", "offset-paging:0"],
    ["SIM_VARIANTS", "offset-paging,cursor-paging"],
  ])("rejects %s=%s with a message naming it", (name, value) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(name);
  });

  it("names the unknown variant in SIM_VARIANTS", () => {
    expect(() => configFromEnv({ SIM_VARIANTS: "string-prices,stirng-counts" })).toThrow(
      /SIM_VARIANTS: unknown variant "stirng-counts"/,
    );
  });
});
