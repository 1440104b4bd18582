import { describe, expect, it } from "vitest";
import {
  beforeResizeLabel,
  historyRows,
  ranBeforeResize,
  slowestMember,
  type TestRunView,
} from "@/lib/clusters/test-history";

const run = (over: Partial<TestRunView>): TestRunView => ({
  id: "t1",
  kind: "nccl_all_reduce",
  status: "passed",
  startedAt: "2026-01-01T00:00:00.000Z",
  finishedAt: "2026-01-01T00:02:00.000Z",
  recordedAt: "2026-01-01T00:02:01.000Z",
  nodeCount: 2,
  gpus: 16,
  peakBusbwGbS: 45,
  result: {
    sizes: [
      { bytes: 8, algbw_gb_s: 0.1, busbw_gb_s: 0.2, time_us: 10 },
      { bytes: 1 << 30, algbw_gb_s: 24, busbw_gb_s: 45, time_us: 40000 },
    ],
    peak_busbw_gb_s: 45,
  },
  ...over,
});

describe("slowestMember", () => {
  it("names the slowest rank against the median of the others", () => {
    const ranks = [0, 1, 2, 3].map((rank) => ({ rank, busbw_gb_s: rank === 3 ? 27 : 45 }));
    expect(slowestMember({ ranks })).toBe("rank 3 is 40 % below the others");
    expect(slowestMember({ per_rank: ranks })).toBe("rank 3 is 40 % below the others");
  });

  it("names a slow link", () => {
    expect(
      slowestMember({
        links: [
          { from: 0, to: 1, busbw_gb_s: 40 },
          { from: 1, to: 2, busbw_gb_s: 20 },
          { from: 2, to: 3, busbw_gb_s: 40 },
        ],
      }),
    ).toBe("the link rank 1 → rank 2 is 50 % below the others");
  });

  it("says nothing without per-rank figures, or when no one stands out", () => {
    expect(slowestMember(run({}).result)).toBeNull();
    expect(slowestMember(null)).toBeNull();
    expect(
      slowestMember({
        ranks: [
          { rank: 0, busbw_gb_s: 45 },
          { rank: 1, busbw_gb_s: 43 },
        ],
      }),
    ).toBeNull();
    expect(slowestMember({ ranks: [{ rank: 0, busbw_gb_s: 45 }] })).toBeNull();
  });
});

describe("historyRows", () => {
  it("reads each run's verdict and peak and marks runs on another node count as before a resize", () => {
    const rows = historyRows(
      { nodeCount: 4, runs: [run({ id: "new", nodeCount: 4 }), run({ id: "old", nodeCount: 2 })] },
      { interconnect: { kind: "infiniband", label: null, rate_gbps: 400, note: null } },
    );
    expect(rows.map((r) => [r.id, r.beforeResize, r.reading.peakGBs, r.sizes.length])).toEqual([
      ["new", false, 45, 2],
      ["old", true, 45, 2],
    ]);
    expect(rows[0]!.reading.verdict).toBe("good");
  });
});

describe("ranBeforeResize", () => {
  it("marks a run on another node count, and guesses nothing when the run's node count is unknown", () => {
    expect(ranBeforeResize(2, 4)).toBe(true);
    expect(ranBeforeResize(4, 4)).toBe(false);
    expect(ranBeforeResize(null, 4)).toBe(false);
    expect(ranBeforeResize(undefined, 4)).toBe(false);
    expect(beforeResizeLabel(2, 4)).toBe("Before a resize (2 nodes then, 4 now)");
  });
});
