import { describe, expect, it } from "vitest";
import { burnDown } from "@/lib/budgets/burn-down";

const at = (iso: string) => Date.parse(iso);
const period = { from: at("2026-12-01T00:00:00Z"), to: at("2027-01-01T00:00:00Z") };

describe("a budget's burn-down", () => {
  it("steps down by each day's spend, paces evenly to zero, and projects the current rate to where it runs out", () => {
    const b = burnDown({
      cap: 1000,
      period,
      days: [
        { day: "2026-12-01", amount: 100 },
        { day: "2026-12-02", amount: 0 },
        { day: "2026-12-03", amount: 50 },
      ],
      rate: 10,
      now: at("2026-12-03T12:00:00Z"),
    });
    expect(b.actual).toEqual([
      { at: period.from, left: 1000 },
      { at: at("2026-12-02T00:00:00Z"), left: 900 },
      { at: at("2026-12-03T00:00:00Z"), left: 900 },
      { at: at("2026-12-03T12:00:00Z"), left: 850 },
    ]);
    expect(b.even).toEqual([
      { at: period.from, left: 1000 },
      { at: period.to, left: 0 },
    ]);
    // $850 left at $10/h: 85 hours from now.
    const out = at("2026-12-03T12:00:00Z") + 85 * 3_600_000;
    expect(b.runsOutAt).toBe(out);
    expect(b.projected).toEqual([
      { at: at("2026-12-03T12:00:00Z"), left: 850 },
      { at: out, left: 0 },
    ]);
  });

  it("a rate that lasts the period projects to its end; a budget used up runs out now", () => {
    const slow = burnDown({
      cap: 1000,
      period,
      days: [{ day: "2026-12-01", amount: 10 }],
      rate: 0.5,
      now: at("2026-12-01T10:00:00Z"),
    });
    expect(slow.runsOutAt).toBeNull();
    expect(slow.projected[1].at).toBe(period.to);
    expect(slow.projected[1].left).toBeCloseTo(990 - 0.5 * (31 * 24 - 10), 6);

    const over = burnDown({
      cap: 50,
      period,
      days: [{ day: "2026-12-01", amount: 80 }],
      rate: 5,
      now: at("2026-12-01T10:00:00Z"),
    });
    expect(over.runsOutAt).toBe(at("2026-12-01T10:00:00Z"));
    expect(over.actual.at(-1)?.left).toBe(-30);
  });
});
