import { describe, expect, it } from "vitest";
import {
  budgetBreaches,
  budgetLines,
  budgetView,
  NO_BUDGET,
  periodOf,
  reserveFor,
  runsOutWords,
  standingOf,
  type BudgetCluster,
  type TeamBudget,
} from "@/lib/budgets/budget";
import { budgetFormValues, teamBudgetSchema } from "@/lib/budgets/budget-form";
import { byGpuType, clusterSummariesCsv, perGpuHour } from "@/lib/budgets/team-spend-view";

const HOUR = 3_600_000;
const TEAM = "6f1c2f3e-9a4b-4c5d-8e7f-0a1b2c3d4e5f";
const at = (iso: string) => Date.parse(iso);

describe("a budget's period", () => {
  it("a month runs from its start day to the next, in UTC, across a year's end", () => {
    expect(periodOf({ period: "month", startDay: 1 }, at("2026-12-07T10:00:00Z"))).toEqual({
      from: at("2026-12-01T00:00:00Z"),
      to: at("2027-01-01T00:00:00Z"),
    });
    // Before the start day: the period began last month.
    expect(periodOf({ period: "month", startDay: 15 }, at("2027-01-07T10:00:00Z"))).toEqual({
      from: at("2026-12-15T00:00:00Z"),
      to: at("2027-01-15T00:00:00Z"),
    });
    // On the start day, at midnight: a new period.
    expect(periodOf({ period: "month", startDay: 7 }, at("2026-12-07T00:00:00Z")).from).toBe(
      at("2026-12-07T00:00:00Z"),
    );
  });

  it("a week runs from its weekday (1 Monday … 7 Sunday)", () => {
    // 2026-12-07 is a Monday.
    expect(periodOf({ period: "week", startDay: 1 }, at("2026-12-09T10:00:00Z"))).toEqual({
      from: at("2026-12-07T00:00:00Z"),
      to: at("2026-12-14T00:00:00Z"),
    });
    expect(periodOf({ period: "week", startDay: 7 }, at("2026-12-09T10:00:00Z")).from).toBe(
      at("2026-12-06T00:00:00Z"),
    );
    expect(periodOf({ period: "week", startDay: 3 }, at("2026-12-09T00:00:00Z")).from).toBe(
      at("2026-12-09T00:00:00Z"),
    );
  });
});

describe("what counts against a budget", () => {
  const period = periodOf({ period: "month", startDay: 1 }, at("2026-12-10T00:00:00Z"));
  const now = at("2026-12-10T00:00:00Z");
  const cluster = (over: Partial<BudgetCluster>): BudgetCluster => ({
    scope: "key-1",
    clusterId: "c1",
    name: "train",
    owner: "ada",
    segments: [],
    running: true,
    rate: 0,
    billedSince: null,
    timeLimitMinutes: null,
    budgetLimit: null,
    ...over,
  });

  it("spend inside the period only; a running cluster holds its rate until its time limit, or the period's end", () => {
    const s = standingOf(
      [
        // Ended, billed across the period's start: only December counts (24 h at $10).
        cluster({
          running: false,
          segments: [
            { ratePerNode: 5, nodes: 2, from: at("2026-11-30T00:00:00Z"), to: at("2026-12-02T00:00:00Z") },
          ],
        }),
        // Running for 2 h at $4/h with a 5 h limit: 3 h more held.
        cluster({
          rate: 4,
          billedSince: now - 2 * HOUR,
          timeLimitMinutes: 300,
          segments: [{ ratePerNode: 1, nodes: 4, from: now - 2 * HOUR, to: null }],
        }),
      ],
      [],
      period,
      now,
    );
    expect(s.spent).toBeCloseTo(240 + 8, 6);
    expect(s.held).toBeCloseTo(12, 6);
    expect(s.rate).toBe(4);
  });

  it("a cluster without a time limit holds to the period's end; its own budget caps what it holds", () => {
    const toEnd = (period.to - now) / HOUR;
    const open = cluster({
      rate: 2,
      billedSince: now,
      segments: [{ ratePerNode: 2, nodes: 1, from: now, to: null }],
    });
    expect(standingOf([open], [], period, now).held).toBeCloseTo(2 * toEnd, 6);
    expect(standingOf([{ ...open, budgetLimit: 50 }], [], period, now).held).toBeCloseTo(50, 6);
  });

  it("a launch on its way, or a cluster not yet billed, holds its rate for its time limit from now", () => {
    expect(reserveFor(10, 90, period, now)).toBeCloseTo(15, 6);
    // Never past the period's end.
    expect(reserveFor(10, 60 * 24 * 60, period, now)).toBeCloseTo(10 * ((period.to - now) / HOUR), 6);
    const s = standingOf(
      [cluster({ rate: 6, timeLimitMinutes: 60 })],
      [{ owner: "bo", rate: 8, timeLimitMinutes: 30 }],
      period,
      now,
    );
    expect(s).toEqual({ spent: 0, held: 10, rate: 6 });
  });
});

describe("what a launch past a budget is told", () => {
  const budget: TeamBudget = {
    period: "month",
    startDay: 1,
    teamDollars: 1000,
    memberDollars: 200,
    endRunning: false,
  };
  const period = periodOf(budget, at("2026-12-10T00:00:00Z"));

  it("names the budget, what is left, and what the launch would hold; on the time limit field", () => {
    const breaches = budgetBreaches(
      budget,
      { team: { spent: 900, held: 50, rate: 0 }, member: { spent: 150, held: 0, rate: 0 } },
      { rate: 20, timeLimitMinutes: 240, dollars: 80 },
      period,
    );
    expect(breaches).toEqual([
      {
        rule: "team-budget",
        field: "timeLimit",
        message:
          "The team's budget for this month (from Dec 1) is $1,000.00, with $50.00 left after what is spent and held by running clusters; this launch holds $80.00 ($20.00/h for 4 h).",
      },
      {
        rule: "member-budget",
        field: "timeLimit",
        message:
          "Your budget for this month (from Dec 1) is $200.00, with $50.00 left after what is spent and held by running clusters; this launch holds $80.00 ($20.00/h for 4 h).",
      },
    ]);
    // Exactly to the budget passes.
    expect(
      budgetBreaches(
        budget,
        { team: { spent: 900, held: 20, rate: 0 }, member: { spent: 100, held: 20, rate: 0 } },
        { rate: 20, timeLimitMinutes: 240, dollars: 80 },
        period,
      ),
    ).toEqual([]);
    expect(
      budgetBreaches(
        NO_BUDGET,
        { team: { spent: 1e9, held: 0, rate: 0 }, member: { spent: 1e9, held: 0, rate: 0 } },
        { rate: 1, timeLimitMinutes: null, dollars: 1e6 },
        period,
      ),
    ).toEqual([]);
  });

  it("when it runs out at the current rate, within the period", () => {
    const now = at("2026-12-10T00:00:00Z");
    const v = budgetView(1000, { spent: 400, held: 0, rate: 10 }, period, now);
    expect(v).toMatchObject({ left: 600, used: 0.4, runsOutAt: now + 60 * HOUR });
    expect(runsOutWords(v, now)).toBe("runs out on Dec 12, 2026, 12:00 UTC at the current rate");
    expect(runsOutWords(budgetView(1000, { spent: 400, held: 0, rate: 0 }, period, now), now)).toBe(
      "lasts the period at the current rate",
    );
    expect(budgetView(1000, { spent: 1200, held: 0, rate: 1 }, period, now)).toMatchObject({
      left: 0,
      runsOutAt: now,
    });
  });
});

describe("the team's clusters as CSV", () => {
  it("one row per cluster, times in ISO 8601, a running one with no end, formulas defused", () => {
    expect(
      clusterSummariesCsv([
        {
          id: "c1",
          name: "=train",
          owner: "ada@example.com",
          from: at("2026-12-01T10:00:00Z"),
          to: null,
          hours: 1.5,
          cost: 12.345,
          gpuType: "H100 SXM",
          gpuHours: 24,
          perGpuHour: perGpuHour(12.345, 24),
          endedBy: null,
        },
        {
          id: "c2",
          name: "eval, big",
          owner: "bo@example.com",
          from: at("2026-12-02T00:00:00Z"),
          to: at("2026-12-02T02:00:00Z"),
          hours: 2,
          cost: 8,
          gpuType: null,
          gpuHours: null,
          perGpuHour: null,
          endedBy: "Clusterdeck: time limit reached",
        },
      ]),
    ).toBe(
      "cluster_id,name,owner,gpu_type,ran_from,ran_until,hours,gpu_hours,cost,usd_per_gpu_hour,ended_by\n" +
        "c1,'=train,ada@example.com,H100 SXM,2026-12-01T10:00:00.000Z,,1.50,24.00,12.35,0.5144,\n" +
        'c2,"eval, big",bo@example.com,,2026-12-02T00:00:00.000Z,2026-12-02T02:00:00.000Z,2.00,,8.00,,Clusterdeck: time limit reached\n',
    );
  });
});

describe("spend by GPU type", () => {
  it("adds each type's cost and GPU-hours, says what a GPU-hour cost, most spent first; unknowns stay unknown", () => {
    expect(
      byGpuType([
        { gpuType: "A100", cost: 10, gpuHours: 8 },
        { gpuType: "H100 SXM", cost: 30, gpuHours: 10 },
        { gpuType: "A100", cost: 6, gpuHours: 8 },
        { gpuType: null, cost: 1, gpuHours: null },
      ]),
    ).toEqual([
      { gpuType: "H100 SXM", spent: 30, gpuHours: 10, perGpuHour: 3, clusters: 1 },
      { gpuType: "A100", spent: 16, gpuHours: 16, perGpuHour: 1, clusters: 2 },
      { gpuType: "Unknown", spent: 1, gpuHours: null, perGpuHour: null, clusters: 1 },
    ]);
    // Nothing ran yet: no price per GPU-hour rather than a division by zero.
    expect(byGpuType([{ gpuType: "A10", cost: 0, gpuHours: 0 }])[0]?.perGpuHour).toBeNull();
  });
});

describe("the budget form", () => {
  it("reads dollars with $ and commas, empty for none; a start day within the period", () => {
    expect(
      teamBudgetSchema.parse({
        teamId: TEAM,
        period: "month",
        startDay: "15",
        teamDollars: "$5,000",
        memberDollars: "",
        endRunning: true,
      }),
    ).toEqual({
      teamId: TEAM,
      period: "month",
      startDay: 15,
      teamDollars: 5000,
      memberDollars: null,
      endRunning: true,
    });
    const bad = teamBudgetSchema.safeParse({
      teamId: TEAM,
      period: "week",
      startDay: "9",
      teamDollars: "-5",
      memberDollars: "lots",
      endRunning: false,
    });
    expect(Object.fromEntries(bad.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
      startDay: "A day of the week.",
      teamDollars: "Team budget: dollars above 0, at most 10,000,000, or empty for none.",
      memberDollars: "Budget per member: dollars above 0, at most 10,000,000, or empty for none.",
    });
  });

  it("a stored budget fills the form with text that reads back to it, and reads in a line each", () => {
    const b: TeamBudget = {
      period: "week",
      startDay: 1,
      teamDollars: 2500.5,
      memberDollars: 400,
      endRunning: true,
    };
    const { teamId: _, ...back } = teamBudgetSchema.parse(budgetFormValues(TEAM, b));
    expect(back).toEqual(b);
    expect(budgetLines(b)).toEqual([
      "Team: $2,500.50 a week from Monday",
      "Each member: $400.00 a week from Monday",
      "At 100 % of a budget, the running clusters it covers end",
    ]);
  });
});
