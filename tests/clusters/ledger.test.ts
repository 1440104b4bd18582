import fc from "../support/fast-check";
import { describe, expect, it } from "vitest";
import { costSoFar, isFinished } from "@/lib/spend/cluster-cost";
import {
  budgetDeadline,
  ledgerCost,
  limitState,
  nextCheckDelay,
  observe,
  openRate,
  parseDuration,
  shouldWarn,
  warnStage,
  timeLimitDeadline,
  type RateSegment,
} from "@/lib/spend/ledger";
import { formatMinutes } from "@/lib/format/duration";
import { makeCluster, T0 } from "../support/fixtures";

const MIN = 60_000;
const HOUR = 3_600_000;
const UP = T0 + MIN; // the fixture's billed_since

const obs = (at: number, nodes: number, extra: Partial<Parameters<typeof observe>[1]> = {}) => ({
  at,
  billedSince: UP,
  endedAt: null,
  ratePerNode: 20,
  nodes,
  ...extra,
});

describe("ledger segments", () => {
  it("opens the first segment at billed_since, not at the first read", () => {
    const s = observe([], obs(UP + 10 * MIN, 2));
    expect(s).toEqual([{ ratePerNode: 20, nodes: 2, from: UP, to: null }]);
    expect(ledgerCost(s, UP + HOUR)).toBeCloseTo(40, 6);
    expect(openRate(s)).toBe(40);
  });

  it("a resize closes one segment and opens the next at the read that saw it", () => {
    let s: RateSegment[] = observe([], obs(UP, 2));
    s = observe(s, obs(UP + HOUR, 2)); // unchanged: nothing new
    expect(s).toHaveLength(1);
    s = observe(s, obs(UP + HOUR, 4));
    expect(s).toEqual([
      { ratePerNode: 20, nodes: 2, from: UP, to: UP + HOUR },
      { ratePerNode: 20, nodes: 4, from: UP + HOUR, to: null },
    ]);
    // 1 h × 2 × 20 + 0.5 h × 4 × 20
    expect(ledgerCost(s, UP + 1.5 * HOUR)).toBeCloseTo(80, 6);
    s = observe(s, obs(UP + 2 * HOUR, 1));
    expect(ledgerCost(s, UP + 3 * HOUR)).toBeCloseTo(40 + 80 + 20, 6);
  });

  it("termination closes the open segment at terminated_at and the cost stops growing", () => {
    let s = observe([], obs(UP, 2));
    s = observe(s, obs(UP + 3 * HOUR, 0, { endedAt: UP + 2 * HOUR }));
    expect(s.at(-1)!.to).toBe(UP + 2 * HOUR);
    expect(ledgerCost(s, UP + 100 * HOUR)).toBeCloseTo(80, 6);
    expect(openRate(s)).toBe(0);
    // later observations of a finished cluster change nothing
    expect(observe(s, obs(UP + 4 * HOUR, 2))).toEqual(s);
  });

  it("a cluster that never came up has no segments and costs nothing", () => {
    const s = observe([], obs(UP, 0, { billedSince: null, endedAt: UP + MIN }));
    expect(s).toEqual([]);
    expect(ledgerCost(s, UP + HOUR)).toBe(0);
  });

  it("clock edges: an end before the segment began and a read older than it never make cost negative", () => {
    let s = observe([], obs(UP, 2));
    s = observe(s, obs(UP - 5 * MIN, 4)); // a server with a slow clock
    expect(s).toHaveLength(1);
    s = observe(s, obs(UP, 0, { endedAt: UP - MIN }));
    expect(s[0]!.to).toBe(UP);
    expect(ledgerCost(s, UP + HOUR)).toBe(0);
    // seen only after it ended: one closed segment from billed_since to the end
    const late = observe([], obs(UP + 5 * HOUR, 0, { endedAt: UP + HOUR }));
    expect(late).toEqual([{ ratePerNode: 20, nodes: 0, from: UP, to: UP + HOUR }]);
  });
});

describe("finished clusters' cost (15.1, 14.10)", () => {
  it("a terminated cluster with nodes_billed 0 costs billed time × rate, marked estimated", () => {
    const c = makeCluster({
      status: "terminated",
      terminated_at: new Date(UP + 2 * HOUR).toISOString(),
      billing: { billed_since: new Date(UP).toISOString(), nodes_billed: 0 },
    });
    expect(isFinished(c)).toBe(true);
    const cost = costSoFar(c, UP + 10 * HOUR);
    expect(cost.amount).toBeCloseTo(80, 6); // 2 h × 2 nodes × $20
    expect(cost.estimated).toBe(true);
  });

  it("with the ledger's segments, a resized and terminated cluster costs the sum of its segments", () => {
    const c = makeCluster({
      status: "terminated",
      node_count: 4,
      hourly_rate: 80,
      terminated_at: new Date(UP + 2 * HOUR).toISOString(),
      billing: { billed_since: new Date(UP).toISOString(), nodes_billed: 0 },
    });
    const segments: RateSegment[] = [
      { ratePerNode: 20, nodes: 2, from: UP, to: UP + HOUR },
      { ratePerNode: 20, nodes: 4, from: UP + HOUR, to: UP + 2 * HOUR },
    ];
    const cost = costSoFar(c, UP + 10 * HOUR, segments);
    expect(cost.amount).toBeCloseTo(120, 6);
    expect(cost.estimated).toBe(false);
  });

  it("a running cluster is not estimated and not finished", () => {
    const c = makeCluster();
    expect(isFinished(c)).toBe(false);
    expect(costSoFar(c, UP + HOUR).estimated).toBe(false);
  });
});

describe("limits", () => {
  it("the time limit counts from billing start; none before the cluster is up", () => {
    expect(timeLimitDeadline(UP, 90)).toBe(UP + 90 * MIN);
    expect(timeLimitDeadline(null, 90)).toBeNull();
    expect(timeLimitDeadline(UP, null)).toBeNull();
  });

  it("the budget deadline is when the current rate reaches the budget", () => {
    expect(budgetDeadline(10, 40, 50, UP)).toBe(UP + HOUR);
    expect(budgetDeadline(50, 40, 50, UP)).toBe(UP); // reached exactly at the edge
    expect(budgetDeadline(10, 0, 50, UP)).toBeNull(); // nothing billed: never
    expect(budgetDeadline(10, 40, null, UP)).toBeNull();
  });

  it("the earlier limit wins and says which it is", () => {
    const s = limitState(
      { billedSince: UP, cost: 0, rate: 40, limits: { timeLimitMinutes: 120, budgetLimit: 40 } },
      UP,
    );
    expect(s.reason).toBe("budget");
    expect(s.deadline).toBe(UP + HOUR);
    const t = limitState(
      { billedSince: UP, cost: 0, rate: 40, limits: { timeLimitMinutes: 30, budgetLimit: 40 } },
      UP,
    );
    expect(t.reason).toBe("time");
    expect(t.reached).toBe(false);
    const at = limitState(
      { billedSince: UP, cost: 20, rate: 40, limits: { timeLimitMinutes: 30, budgetLimit: null } },
      UP + 30 * MIN,
    );
    expect(at.reached).toBe(true);
    expect(at.timeLeftMs).toBe(0);
  });

  it("warns 30 and 5 minutes before the deadline — a time limit's, or a budget's at the rate now — not after", () => {
    const limits = { timeLimitMinutes: 60, budgetLimit: null };
    const st = (now: number) => limitState({ billedSince: UP, cost: 0, rate: 40, limits }, now);
    expect(warnStage(st(UP + 29 * MIN), UP + 29 * MIN)).toBe(0);
    expect(warnStage(st(UP + 30 * MIN), UP + 30 * MIN)).toBe(1);
    expect(warnStage(st(UP + 54 * MIN), UP + 54 * MIN)).toBe(1);
    expect(warnStage(st(UP + 55 * MIN), UP + 55 * MIN)).toBe(2);
    expect(warnStage(st(UP + 60 * MIN), UP + 60 * MIN)).toBe(0);
    // $100 at $40/h: 2.5 h from nothing spent; with $80 spent, 30 minutes left.
    const b = { timeLimitMinutes: null, budgetLimit: 100 };
    expect(warnStage(limitState({ billedSince: UP, cost: 79, rate: 40, limits: b }, UP), UP)).toBe(0);
    expect(warnStage(limitState({ billedSince: UP, cost: 80, rate: 40, limits: b }, UP), UP)).toBe(1);
    expect(shouldWarn(limitState({ billedSince: UP, cost: 97, rate: 40, limits: b }, UP), UP)).toBe(true);
    // Nothing billed: a budget is never reached, so never warned.
    expect(warnStage(limitState({ billedSince: UP, cost: 99, rate: 0, limits: b }, UP), UP)).toBe(0);
  });

  it("the next check is the interval, sooner near a deadline, never a spin", () => {
    expect(nextCheckDelay(null, UP, 30_000)).toBe(30_000);
    expect(nextCheckDelay(UP + 12_000, UP, 30_000)).toBe(12_000);
    expect(nextCheckDelay(UP - 5_000, UP, 30_000)).toBe(1_000);
  });
});

describe("durations", () => {
  it.each([
    ["90 min", 90],
    ["4 h", 240],
    ["1.5h", 90],
    ["2h30m", 150],
    ["45", 45],
    ["1 hour", 60],
    ["2 h 05 min", 125],
    ["3 d", 4320],
    ["2 d 4 h", 3120],
  ])("reads %s as %d minutes", (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
  });

  it.each(["", "abc", "0", "-5 min", "2h30", "2d30", "h", "d"])("refuses %j", (text) => {
    expect(parseDuration(text)).toBeNull();
  });

  it("reads back every time limit the console writes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 * 24 * 60 }), (minutes) => {
        expect(parseDuration(formatMinutes(minutes))).toBe(minutes);
      }),
    );
  });
});
