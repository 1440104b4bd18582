import fc from "../support/fast-check";
import { describe, expect, it } from "vitest";
import {
  clusterHourlyRate,
  estimateCost,
  requiredBalance,
  resizedRunwayHours,
  runwayHours,
  shortfall,
} from "@/lib/spend/estimate";

describe("cost estimate", () => {
  it("applies the balance rule max($10, one hour of the whole cluster)", () => {
    expect(requiredBalance(2, 2)).toBe(10);
    expect(requiredBalance(20, 4)).toBe(80);
    expect(clusterHourlyRate(2.49, 3)).toBeCloseTo(7.47, 10);
  });
  it("reports the shortfall in dollars and none when covered", () => {
    expect(shortfall(50, 80)).toBe(30);
    expect(shortfall(80, 80)).toBe(0);
    expect(shortfall(100, 80)).toBe(0);
    expect(shortfall(9.995, 10)).toBe(0.01);
  });
  it("counts runway against the new cluster plus what already burns", () => {
    expect(runwayHours(100, 10)).toBe(10);
    expect(runwayHours(100, 10, 15)).toBe(4);
    expect(runwayHours(100, 0)).toBeNull();
    expect(runwayHours(-5, 10)).toBe(0);
  });
  it("shortfall is zero exactly when the balance meets the rule (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 2, max: 64 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (rateCents, n, balCents) => {
          const e = estimateCost({ ratePerNode: rateCents / 100, nodeCount: n, balance: balCents / 100 });
          expect(e.required).toBeGreaterThanOrEqual(10);
          expect(e.shortfall === 0).toBe(balCents / 100 >= e.required);
        },
      ),
    );
  });
  it("leaves shortfall and runway unknown without a balance", () => {
    const e = estimateCost({ ratePerNode: 3, nodeCount: 4, balance: null });
    expect(e).toMatchObject({ hourlyRate: 12, required: 12, shortfall: null, runwayHours: null });
  });
});

describe("resizedRunwayHours", () => {
  it("swaps the cluster's current rate for the new one in the workspace's burn", () => {
    // $100 left; $30/h burning of which this cluster is $20/h; resized to $40/h → $50/h → 2 h.
    expect(resizedRunwayHours({ balance: 100, activeUsageCost: 30, currentRate: 20, newRate: 40 })).toBe(2);
  });
  it("never counts a negative burn for the rest, and is open-ended when nothing would burn", () => {
    expect(resizedRunwayHours({ balance: 100, activeUsageCost: 10, currentRate: 20, newRate: 50 })).toBe(2);
    expect(resizedRunwayHours({ balance: 100, activeUsageCost: 0, currentRate: 0, newRate: 0 })).toBeNull();
  });
});
