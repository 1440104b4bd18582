import { describe, expect, it } from "vitest";
import { niceTicks } from "@/lib/clusters/chart-scale";

describe("niceTicks", () => {
  it("gives round numbers where quarters of a nice maximum did not (63/125/188/250)", () => {
    expect(niceTicks(240)).toEqual([0, 50, 100, 150, 200, 250]);
  });

  it("always reaches the largest value and starts at 0", () => {
    for (const max of [0.7, 3, 9.99, 47, 101, 388, 1234, 98_765]) {
      const t = niceTicks(max);
      expect(t[0]).toBe(0);
      expect(t.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(t.length).toBeLessThanOrEqual(6);
      const step = t[1]! - t[0]!;
      const mantissa = step / 10 ** Math.floor(Math.log10(step));
      expect([1, 2, 2.5, 5]).toContain(Number(mantissa.toFixed(6)));
    }
  });

  it("prints decimal steps without float noise", () => {
    expect(niceTicks(0.3, 3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it("falls back to a unit axis for nothing to draw", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });
});
