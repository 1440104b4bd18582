import { describe, expect, it } from "vitest";
import {
  balanceLowEvent,
  eventsFromObservation,
  limitUnenforcedEvent,
  limitWarningEvent,
  type Observed,
} from "@/lib/notifications/server/events";
import { makeCluster, T0 } from "../support/fixtures";

const MIN = 60_000;

function observe(
  over: Partial<Observed> & { cluster: Observed["cluster"] },
): ReturnType<typeof eventsFromObservation> {
  return eventsFromObservation({
    firstSeenAt: T0,
    segments: [],
    now: T0 + 60 * MIN,
    enforced: null,
    terminatedHere: false,
    ...over,
  });
}

describe("events from what the guardian observes", () => {
  it("a cluster that came up while followed is ready, with the time it took", () => {
    const [e, ...rest] = observe({ cluster: makeCluster() });
    expect(rest).toEqual([]);
    expect(e).toMatchObject({
      key: "cluster-ready:0b5c8f1e-7d1a-4a3e-9a53-2f3c1d4e5f60",
      type: "cluster-ready",
      at: "2026-01-01T00:03:00.000Z",
      cluster: { id: "0b5c8f1e-7d1a-4a3e-9a53-2f3c1d4e5f60", name: "train", status: "ready" },
      details: { timeToReadySeconds: 180, nodes: 2 },
      cost: { hourlyRate: 40, total: null },
    });
    expect(e!.message).toBe("train is ready after 3 min (2 × 8 H100, $40.00/h).");
  });

  it("builds the same key for the same cluster on every run, so a repeat is a duplicate", () => {
    const a = observe({ cluster: makeCluster(), now: T0 + 10 * MIN });
    const b = observe({ cluster: makeCluster(), now: T0 + 20 * MIN });
    expect(a.map((e) => e.key)).toEqual(b.map((e) => e.key));
  });

  it("a degraded cluster is told once per reason, with what Runcrate says and its rate", () => {
    const degraded = makeCluster({
      status: "degraded",
      failure_reason: "node_degraded",
      failure_detail: "train-1 (rank 1) is degraded: GPU 5 reports rising ECC errors",
    });
    const a = observe({ cluster: degraded, now: T0 + 10 * MIN }).filter((e) => e.type === "cluster-degraded");
    const b = observe({ cluster: degraded, now: T0 + 20 * MIN }).filter((e) => e.type === "cluster-degraded");
    expect(a).toHaveLength(1);
    expect(a.map((e) => e.key)).toEqual(b.map((e) => e.key));
    expect(a[0]!.message).toBe(
      "train is degraded: train-1 (rank 1) is degraded: GPU 5 reports rising ECC errors. It is still up and billed at $40.00/h; check it, run a test, or terminate it.",
    );
    const other = observe({ cluster: { ...degraded, failure_reason: "network_degraded" } });
    expect(other.find((e) => e.type === "cluster-degraded")?.key).not.toBe(a[0]!.key);
    // A degraded cluster was up: it was told ready too.
    expect(observe({ cluster: degraded }).map((e) => e.type)).toContain("cluster-ready");
  });

  it("a cluster found already running (ready long before it was followed) is not told ready", () => {
    expect(observe({ cluster: makeCluster(), firstSeenAt: T0 + 60 * MIN })).toEqual([]);
  });

  it("a still-provisioning cluster says nothing", () => {
    expect(
      observe({ cluster: makeCluster({ status: "provisioning", ready_at: null, up_at: null }) }),
    ).toEqual([]);
  });

  it("a failed cluster carries its reason and no ready event", () => {
    const events = observe({
      cluster: makeCluster({
        status: "failed",
        ready_at: null,
        up_at: null,
        billing: null,
        terminated_at: "2026-01-01T00:05:00.000Z",
        failure_reason: "capacity",
        failure_detail: "no H100 left in Helsinki",
      }),
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "cluster-failed",
      key: "cluster-failed:0b5c8f1e-7d1a-4a3e-9a53-2f3c1d4e5f60",
      details: { reason: "capacity", detail: "no H100 left in Helsinki" },
      cost: { total: 0 },
    });
    expect(events[0]!.message).toBe("train failed: capacity.");
  });

  const ended = makeCluster({ status: "terminated", terminated_at: "2026-01-01T01:01:00.000Z" });

  it("terminated by a limit is auto-terminated, with the reason and the final cost", () => {
    const [e] = observe({ cluster: ended, enforced: { reason: "time" } });
    expect(e).toMatchObject({
      type: "auto-terminated",
      key: "auto-terminated:0b5c8f1e-7d1a-4a3e-9a53-2f3c1d4e5f60",
      details: { terminatedBy: "limit", reason: "time limit reached" },
      cost: { total: 40, estimated: true },
    });
    expect(e!.message).toBe(
      "train was terminated by Clusterdeck: time limit reached. Final cost about $40.00.",
    );
  });

  it("terminated from this console or elsewhere: the same key, told apart in the details", () => {
    const [mine] = observe({ cluster: ended, terminatedHere: true });
    const [theirs] = observe({ cluster: ended });
    expect(mine).toMatchObject({ type: "cluster-terminated", details: { terminatedBy: "you" } });
    expect(theirs).toMatchObject({ type: "cluster-terminated", details: { terminatedBy: "elsewhere" } });
    expect(mine!.key).toBe(theirs!.key);
    expect(mine!.message).toContain("from this console");
    expect(theirs!.message).toContain("outside this console");
  });

  it("the final cost comes from the spend record's segments when there are any", () => {
    const [e] = observe({
      cluster: ended,
      segments: [
        { ratePerNode: 20, nodes: 2, from: T0 + MIN, to: T0 + 31 * MIN },
        { ratePerNode: 20, nodes: 4, from: T0 + 31 * MIN, to: T0 + 61 * MIN },
      ],
    });
    expect(e!.cost).toEqual({ hourlyRate: 40, total: 60, estimated: false });
    expect(e!.message).toContain("Final cost $60.00.");
  });

  it("a finished NCCL test gives its verdict and peak bus bandwidth, keyed by the test", () => {
    const events = observe({
      cluster: makeCluster({
        ready_at: null,
        up_at: "2025-12-31T00:00:00.000Z",
        last_test: {
          id: "t-1",
          kind: "nccl_all_reduce",
          status: "passed",
          started_at: "2026-01-01T00:10:00.000Z",
          finished_at: "2026-01-01T00:11:00.000Z",
          result: { peak_busbw_gb_s: 361.24, nodes: 2 },
        },
      }),
    });
    const test = events.find((e) => e.type === "test-finished");
    expect(test).toMatchObject({
      key: "test-finished:0b5c8f1e-7d1a-4a3e-9a53-2f3c1d4e5f60:t-1",
      details: { verdict: "passed", peakBusbwGbS: 361.24 },
    });
    expect(test!.message).toBe("The nccl all reduce test on train passed, peak bus bandwidth 361.2 GB/s.");
  });

  it("a running test is not finished", () => {
    const events = observe({
      cluster: makeCluster({
        last_test: {
          id: "t-2",
          kind: "nccl_all_reduce",
          status: "running",
          started_at: null,
          finished_at: null,
        },
      }),
    });
    expect(events.map((e) => e.type)).toEqual(["cluster-ready"]);
  });
});

describe("limit and balance events", () => {
  it("a limit warning is keyed by the limit setting, so a changed limit warns again", () => {
    const a = limitWarningEvent({
      cluster: makeCluster(),
      what: "its time limit ends in 15 min",
      limits: { timeLimitMinutes: 60, budgetLimit: null },
      costSoFar: 30,
      now: T0,
    });
    const b = limitWarningEvent({
      cluster: makeCluster(),
      what: "its time limit ends in 15 min",
      limits: { timeLimitMinutes: 120, budgetLimit: null },
      costSoFar: 30,
      now: T0,
    });
    expect(a.key).not.toBe(b.key);
    expect(a.message).toBe(
      "train will be terminated soon: its time limit ends in 15 min. Files on the machines are deleted, and no volume is attached: nothing on the cluster survives. Extend it, or change the limit on the cluster page, to keep it.",
    );
  });

  it("a limit that could not be enforced is told once per cluster", () => {
    const e = limitUnenforcedEvent({
      clusterId: "c1",
      clusterName: "train",
      status: "ready",
      problem: "The key was deleted.",
      now: T0,
    });
    expect(e.key).toBe("limit-unenforced:c1");
    expect(e.type).toBe("limit-unenforced");
  });

  it("balance low only below the threshold, once per key and day, naming the key by its label", () => {
    const base = { key: { id: "k1", label: "team" }, burnPerHour: 40, thresholdHours: 2, now: T0 };
    expect(balanceLowEvent({ ...base, balance: 100 })).toBeNull(); // 2.5 h
    expect(balanceLowEvent({ ...base, balance: 100, burnPerHour: 0 })).toBeNull();
    const low = balanceLowEvent({ ...base, balance: 60 })!;
    expect(low).toMatchObject({ key: "balance-low:k1:2026-01-01", details: { runwayHours: 1.5 } });
    expect(low.message).toContain("about 1 h 30 min at $40.00/h, below your 2 h threshold");
    expect(balanceLowEvent({ ...base, balance: 60, now: T0 + 3_600_000 })!.key).toBe(low.key);
    expect(balanceLowEvent({ ...base, balance: 60, now: T0 + 86_400_000 })!.key).not.toBe(low.key);
    expect(balanceLowEvent({ ...base, balance: 100, thresholdHours: 3 })).not.toBeNull();
  });

  it("nothing secret: an event names clusters and keys by name and id only", () => {
    const all = [
      ...observe({
        cluster: makeCluster({ status: "terminated", terminated_at: "2026-01-01T01:01:00.000Z" }),
      }),
      balanceLowEvent({
        key: { id: "k1", label: "team" },
        balance: 1,
        burnPerHour: 40,
        thresholdHours: 2,
        now: T0,
      })!,
    ];
    const text = JSON.stringify(all);
    expect(text).not.toMatch(/rc_live_|whsec_|ssh |password|token/i);
  });
});
