import { describe, expect, it } from "vitest";
import { MAX_TIME_LIMIT_MINUTES, checkLimits } from "@/lib/limits/input";
import { guardianConfig } from "@/lib/limits/server/worker";

/** The limit fields as typed (create form, cluster page, Settings): the bounds, and what a person is told. */
describe("time and budget limits as typed", () => {
  const time = (timeLimit: string, ceiling: number | null = null) =>
    checkLimits({ timeLimit, budgetLimit: "" }, ceiling);

  it("takes durations up to a year and a day", () => {
    expect(time("4 h")).toEqual({ ok: true, limits: { timeLimitMinutes: 240, budgetLimit: null } });
    expect(time("366 d")).toEqual({
      ok: true,
      limits: { timeLimitMinutes: MAX_TIME_LIMIT_MINUTES, budgetLimit: null },
    });
  });

  it("refuses a longer one with a clear message, before it can overflow the database's integer", () => {
    for (const t of ["367 d", "2147483648 min", "99999999999 h"]) {
      const r = time(t);
      expect(r.ok, t).toBe(false);
      expect(r.ok ? null : r.errors.timeLimit, t).toBe("At most 366 d.");
    }
  });

  it("the operator's ceiling (CLUSTERDECK_MAX_TIME_LIMIT) is bounded the same way", () => {
    expect(() => guardianConfig({ CLUSTERDECK_MAX_TIME_LIMIT: "8 h" })).not.toThrow();
    expect(() => guardianConfig({ CLUSTERDECK_MAX_TIME_LIMIT: "5000 d" })).toThrow(/at most 366 days/);
  });
});
