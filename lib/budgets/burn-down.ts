/**
 * A budget's burn-down, browser-safe: what is left of it through the period — day by day so far, the even pace that
 * would end the period at zero, and where the current rate takes it from now (the Spend page draws it).
 */
import type { DaySpend } from "@/lib/spend/spend-rows";
import type { Period } from "./budget";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type BurnPoint = { at: number; left: number };

export type BurnDown = {
  cap: number;
  period: Period;
  /** What was left at the start and at the end of each day so far (the last at `now`). */
  actual: BurnPoint[];
  /** The even pace: all of it at the period's start, none at its end. */
  even: [BurnPoint, BurnPoint];
  /** From now at the current rate: to where it runs out, or to the period's end. */
  projected: [BurnPoint, BurnPoint];
  /** When the current rate uses it up within the period; null when it lasts. */
  runsOutAt: number | null;
};

export function burnDown(o: {
  cap: number;
  period: Period;
  /** Spend per UTC day from the period's first day to today (lib/spend/spend-rows.ts dailySpend). */
  days: readonly DaySpend[];
  /** Dollars per hour now. */
  rate: number;
  now: number;
}): BurnDown {
  const { cap, period, rate } = o;
  const now = Math.min(Math.max(o.now, period.from), period.to);
  const actual: BurnPoint[] = [{ at: period.from, left: cap }];
  let spent = 0;
  for (const d of o.days) {
    const end = Math.min(Date.parse(`${d.day}T00:00:00Z`) + DAY, now);
    if (end <= period.from) continue;
    spent += d.amount;
    actual.push({ at: end, left: cap - spent });
  }
  const left = cap - spent;
  let runsOutAt: number | null = null;
  let projected: [BurnPoint, BurnPoint];
  if (left <= 0) {
    runsOutAt = now;
    projected = [
      { at: now, left },
      { at: now, left },
    ];
  } else {
    const out = rate > 0 ? now + (left / rate) * HOUR : Infinity;
    runsOutAt = out < period.to ? out : null;
    const until = Math.min(out, period.to);
    projected = [
      { at: now, left },
      { at: until, left: left - (rate * (until - now)) / HOUR },
    ];
  }
  return {
    cap,
    period,
    actual,
    even: [
      { at: period.from, left: cap },
      { at: period.to, left: 0 },
    ],
    projected,
    runsOutAt,
  };
}
