import { describe, expect, it } from "vitest";
import { NO_POLICY } from "@/lib/policies/policy";
import {
  overrideFormValues,
  overrideLines,
  policyOverrideSchema,
  rulesOf,
  withOverrides,
} from "@/lib/policies/overrides";

const TEAM = "0b6c8f8e-3c57-4a52-9f0e-4b8d5b0a1c11";
const ADA = "5f0d0c6a-1a7e-4b7e-8f11-3a2c9d1e0f42";

describe("a policy with overrides", () => {
  it("replaces only the rules an override names, the member's after the role's; null lifts a rule", () => {
    const team = {
      ...NO_POLICY,
      maxNodes: 2,
      gpuTypes: ["A100"],
      allowCommunity: false,
      maxTeamHourlyRate: 500,
    };
    const role = { maxNodes: 4, requireTimeLimit: true };
    const own = { maxNodes: null, gpuTypes: null };
    expect(withOverrides(team, role, own)).toEqual({
      ...team,
      maxNodes: null,
      gpuTypes: null,
      requireTimeLimit: true,
    });
    expect(withOverrides(team, role)).toEqual({ ...team, maxNodes: 4, requireTimeLimit: true });
    expect(withOverrides(team, null, undefined)).toBe(team);
  });

  it("says each rule it sets in the team's words, and each it lifts", () => {
    expect(
      overrideLines({
        maxNodes: 16,
        gpuTypes: null,
        allowCommunity: true,
        requireTimeLimit: false,
        maxHourlyRate: null,
      }),
    ).toEqual([
      "Any hourly rate per cluster",
      "At most 16 nodes per cluster",
      "Any GPU type",
      "Community hosts allowed",
      "No time limit needed",
    ]);
    expect(overrideLines({ allowCommunity: false, maxTimeLimitMinutes: 480 })).toEqual([
      "No community hosts",
      "Time limits of at most 8 h",
    ]);
  });
});

describe("the override form", () => {
  const blank = overrideFormValues(TEAM, `member:${ADA}`);

  it("reads empty as the team's rule, 'none' or 'any' as no rule, and a value as itself; back to the same text", () => {
    const typed = {
      ...blank,
      maxNodes: "16",
      gpuTypes: "any",
      maxHourlyRate: "none",
      maxTimeLimit: "12 h",
      allowCommunity: "yes" as const,
    };
    const rules = rulesOf(policyOverrideSchema.parse(typed));
    expect(rules).toEqual({
      maxNodes: 16,
      gpuTypes: null,
      maxHourlyRate: null,
      maxTimeLimitMinutes: 720,
      allowCommunity: true,
    });
    expect(overrideFormValues(TEAM, `member:${ADA}`, rules)).toEqual({ ...typed, maxTimeLimit: "12 h" });
    expect(rulesOf(policyOverrideSchema.parse(blank))).toEqual({});
  });

  it("refuses a scope that is neither a launching role nor a member id, and values out of range", () => {
    for (const scope of ["role:viewer", "role:root", "member:ada", "team", ""])
      expect(policyOverrideSchema.safeParse({ ...blank, scope }).success, scope).toBe(false);
    for (const [field, value] of [
      ["maxNodes", "2.5"],
      ["maxNodes", "0"],
      ["maxHourlyRate", "-1"],
      ["maxTimeLimit", "forever"],
      ["gpuTypes", "H100; drop table"],
    ] as const) {
      const r = policyOverrideSchema.safeParse({ ...blank, [field]: value });
      expect(r.success, `${field}=${value}`).toBe(false);
      expect(r.error?.issues[0]?.path, `${field}=${value}`).toEqual([field]);
    }
  });
});
