import { describe, expect, it } from "vitest";
import { billedButNotReady, billedRate, costSoFar, hourlyRate } from "@/lib/spend/cluster-cost";
import { clusterPhases } from "@/lib/clusters/phases";
import { makeCluster, T0 } from "../support/fixtures";

const MIN = 60_000;
const HOUR = 3_600_000;

describe("clusterPhases", () => {
  it("gives each finished phase its duration and grows the current one", () => {
    const c = makeCluster();
    const [prov, stack, run] = clusterPhases(c, T0 + 10 * MIN);
    expect(prov).toMatchObject({ state: "done", durationMs: MIN });
    expect(stack).toMatchObject({ state: "done", durationMs: 2 * MIN });
    expect(run).toMatchObject({ state: "current", durationMs: 7 * MIN });
  });

  it("while provisioning only the first phase runs", () => {
    const c = makeCluster({ status: "provisioning", up_at: null, ready_at: null, billing: null });
    const phases = clusterPhases(c, T0 + 30_000);
    expect(phases.map((p) => p.state)).toEqual(["current", "pending", "pending"]);
    expect(phases[0]!.durationMs).toBe(30_000);
    expect(phases[1]!.durationMs).toBeNull();
  });

  it("marks where a failed cluster stopped and skips the rest", () => {
    const c = makeCluster({
      status: "failed",
      up_at: null,
      ready_at: null,
      terminated_at: "2026-01-01T00:00:40.000Z",
    });
    expect(clusterPhases(c, T0 + HOUR).map((p) => p.state)).toEqual(["failed", "skipped", "skipped"]);
    expect(clusterPhases(c, T0 + HOUR)[0]!.durationMs).toBe(40_000);
  });

  it("times a failure by its last event when terminated_at is missing", () => {
    const c = makeCluster({
      status: "failed",
      up_at: null,
      ready_at: null,
      terminated_at: null,
      events: [{ id: 1, at: "2026-01-01T00:00:25.000Z", kind: "cluster_failed", rank: 0, message: "boom" }],
    });
    expect(clusterPhases(c, T0 + HOUR)[0]).toMatchObject({ state: "failed", durationMs: 25_000 });
  });

  it("stops the clock at termination", () => {
    const c = makeCluster({ status: "terminated", terminated_at: "2026-01-01T01:03:00.000Z" });
    const run = clusterPhases(c, T0 + 5 * HOUR)[2]!;
    expect(run).toMatchObject({ state: "done", durationMs: HOUR, label: "Ran" });
  });

  it("survives unreadable timestamps", () => {
    const c = makeCluster({ created_at: "yesterday-ish", up_at: "??" });
    expect(() => clusterPhases(c, T0)).not.toThrow();
  });
});

describe("costSoFar", () => {
  it("bills the whole cluster from billed_since to now", () => {
    const c = makeCluster(); // 2 × $20/h from 00:01
    expect(costSoFar(c, T0 + MIN + HOUR / 2).amount).toBeCloseTo(20, 6);
    expect(costSoFar(c, T0 + MIN + HOUR / 2).billing).toBe(true);
  });

  it("falls back to up_at when billing.billed_since is missing", () => {
    const c = makeCluster({ billing: null });
    expect(costSoFar(c, T0 + MIN + HOUR).amount).toBeCloseTo(40, 6);
  });

  it("is zero when the cluster never came up", () => {
    const c = makeCluster({
      status: "provisioning",
      up_at: null,
      ready_at: null,
      billing: { billed_since: null, nodes_billed: 0 },
    });
    expect(costSoFar(c, T0 + HOUR)).toEqual({
      amount: 0,
      billing: false,
      since: null,
      until: null,
      estimated: false,
    });
  });

  it("a failed cluster cost nothing", () => {
    const c = makeCluster({
      status: "failed",
      up_at: null,
      ready_at: null,
      billing: null,
      terminated_at: "2026-01-01T00:02:00.000Z",
    });
    expect(costSoFar(c, T0 + 10 * HOUR).amount).toBe(0);
  });

  it("stops at terminated_at and does not grow afterwards", () => {
    const c = makeCluster({ status: "terminated", terminated_at: "2026-01-01T02:01:00.000Z" });
    expect(costSoFar(c, T0 + 100 * HOUR).amount).toBeCloseTo(80, 6);
    expect(costSoFar(c, T0 + 100 * HOUR).billing).toBe(false);
  });

  it("uses nodes_billed when it differs from node_count (mid-resize)", () => {
    const c = makeCluster({
      status: "resizing",
      node_count: 4,
      hourly_rate: 80,
      billing: { billed_since: "2026-01-01T00:01:00.000Z", nodes_billed: 2 },
    });
    expect(billedRate(c)).toBe(40);
    expect(hourlyRate(c)).toBe(80);
  });

  it("computes the rate when hourly_rate is absent", () => {
    expect(hourlyRate(makeCluster({ hourly_rate: null, node_count: 3 }))).toBe(60);
  });

  it("flags billing that runs before the cluster is ready", () => {
    expect(billedButNotReady(makeCluster({ status: "provisioning", ready_at: null }))).toBe(true);
    expect(billedButNotReady(makeCluster())).toBe(false);
    expect(
      billedButNotReady(makeCluster({ status: "provisioning", up_at: null, ready_at: null, billing: null })),
    ).toBe(false);
  });
});
