import { describe, expect, it } from "vitest";
import fc, { SUITE_SEED, seedFrom } from "../support/fast-check";

describe("the property tests' seed", () => {
  it("is the suite's fixed seed unless FC_SEED says otherwise, so every run tries the same cases", () => {
    expect(seedFrom(undefined)).toBe(SUITE_SEED);
    expect(seedFrom(" ")).toBe(SUITE_SEED);
    if (process.env.FC_SEED === undefined) {
      expect(fc.readConfigureGlobal().seed).toBe(SUITE_SEED);
      // Two draws of one arbitrary: the same values.
      const draw = () => fc.sample(fc.integer(), { numRuns: 5 });
      expect(draw()).toEqual(draw());
    }
  });

  it("takes another fixed seed, or none for a new one each run", () => {
    expect(seedFrom("-712573406")).toBe(-712573406);
    expect(seedFrom("random")).toBeUndefined();
  });

  it("refuses a value that is not a seed", () => {
    expect(() => seedFrom("12abc")).toThrow(/FC_SEED must be an integer or "random"/);
    expect(() => seedFrom("1.5")).toThrow(/FC_SEED/);
  });
});
