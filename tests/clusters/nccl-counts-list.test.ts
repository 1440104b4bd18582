import { describe, expect, it } from "vitest";
import { isClusterId } from "@/lib/runcrate/cluster-id";
import { formatBytes } from "@/lib/format/number";
import {
  applyListView,
  countByGroup,
  DEFAULT_VIEW,
  launchedByText,
  toggleSort,
} from "@/lib/clusters/list-view";
import { listViewHref, loadListView } from "@/lib/clusters/list-search-params";
import { lineRateGBs, ncclVerdict, testStartBlocked } from "@/lib/clusters/nccl";
import { resizeBlocked, resizeTargets, validNodeCounts } from "@/lib/clusters/node-counts";
import { billingStart, costSoFar } from "@/lib/spend/cluster-cost";
import { makeCluster, T0 } from "../support/fixtures";

const ic = { rate_gbps: 400 }; // 50 GB/s line rate
const passed = (peak: number | null) => ({ status: "passed", result: { peak_busbw_gb_s: peak, sizes: [] } });

describe("ncclVerdict", () => {
  it("converts the interconnect's Gbit/s to GB/s", () => {
    expect(lineRateGBs(ic)).toBe(50);
    expect(lineRateGBs({ rate_gbps: 0 })).toBeNull();
    expect(lineRateGBs(null)).toBeNull();
  });

  it("judges the peak against the line rate", () => {
    expect(ncclVerdict(passed(45), ic)).toMatchObject({ verdict: "good", ratio: 0.9 });
    expect(ncclVerdict(passed(25), ic).verdict).toBe("fair");
    expect(ncclVerdict(passed(5), ic)).toMatchObject({ verdict: "poor" });
    expect(ncclVerdict(passed(5), ic).explanation).toMatch(/10%/);
  });

  it("uses the best size when peak_busbw_gb_s is missing", () => {
    const t = {
      status: "passed",
      result: {
        sizes: [
          { bytes: 8, algbw_gb_s: 1, busbw_gb_s: 2, time_us: 3 },
          { bytes: 16, algbw_gb_s: 30, busbw_gb_s: 40, time_us: 3 },
        ],
      },
    };
    expect(ncclVerdict(t, ic)).toMatchObject({ peakGBs: 40, verdict: "good" });
  });

  it("says so when it cannot judge, and passes a failure's error through", () => {
    expect(ncclVerdict(passed(30), null).verdict).toBe("unknown");
    expect(ncclVerdict(passed(null), ic).verdict).toBe("unknown");
    expect(ncclVerdict({ status: "failed", result: { error: "rank 3 timed out" } }, ic)).toMatchObject({
      verdict: "failed",
      explanation: "rank 3 timed out",
    });
    expect(ncclVerdict({ status: "running", result: null }, ic).verdict).toBe("running");
  });

  it("blocks a test until ready and while one runs", () => {
    expect(testStartBlocked({ status: "ready", last_test: null })).toBeNull();
    expect(testStartBlocked({ status: "ready", last_test: { status: "passed" } })).toBeNull();
    expect(testStartBlocked({ status: "ready", last_test: { status: "running" } })).toMatch(
      /already running/,
    );
    expect(testStartBlocked({ status: "provisioning" })).toMatch(/still coming up/);
    expect(testStartBlocked({ status: "failed" })).toMatch(/failed/);
  });
});

describe("node counts", () => {
  it("uses allowed_node_counts within the limits", () => {
    expect(
      validNodeCounts({ min_nodes: 2, max_nodes: 16, allowed_node_counts: [2, 4, 8, 16, 32, 4] }),
    ).toEqual([2, 4, 8, 16]);
  });
  it("uses min..max otherwise, clamped to the API's 2–64", () => {
    expect(validNodeCounts({ min_nodes: 1, max_nodes: 4, allowed_node_counts: null })).toEqual([2, 3, 4]);
    expect(validNodeCounts({ min_nodes: 60, max_nodes: 100, allowed_node_counts: [] })).toEqual([
      60, 61, 62, 63, 64,
    ]);
    expect(validNodeCounts(null)).toHaveLength(63);
  });
  it("excludes the current size and explains when resizing is not possible", () => {
    const offer = { min_nodes: 2, max_nodes: 8, allowed_node_counts: [2, 4, 8] };
    expect(resizeTargets(4, offer)).toEqual([2, 8]);
    expect(resizeBlocked({ status: "ready", resize: true, node_count: 4 }, offer)).toBeNull();
    expect(resizeBlocked({ status: "ready", resize: false, node_count: 4 }, offer)).toMatch(/does not allow/);
    expect(resizeBlocked({ status: "provisioning", resize: true, node_count: 4 }, offer)).toMatch(
      /once the cluster is ready/,
    );
    expect(
      resizeBlocked(
        { status: "ready", resize: true, node_count: 2 },
        { min_nodes: 2, max_nodes: 2, allowed_node_counts: null },
      ),
    ).toMatch(/no other/);
  });
});

describe("list view", () => {
  const a = makeCluster({
    id: "a",
    name: "beta",
    status: "ready",
    created_at: "2026-01-01T00:00:00Z",
    hourly_rate: 40,
  });
  const b = makeCluster({
    id: "b",
    name: "Alpha",
    status: "failed",
    created_at: "2026-01-02T00:00:00Z",
    hourly_rate: 10,
    up_at: null,
    billing: null,
  });
  const c = makeCluster({
    id: "c",
    name: "gamma",
    status: "terminated",
    created_at: "2026-01-03T00:00:00Z",
    hourly_rate: 90,
    terminated_at: "2026-01-03T00:00:00Z",
  });

  it("parses the URL leniently and round-trips", () => {
    expect(loadListView({})).toEqual({ show: "all", whose: "team", sort: "created", dir: "desc" });
    expect(loadListView({ show: "nonsense", sort: "drop table", dir: "up" })).toEqual({
      show: "all",
      whose: "team",
      sort: "created",
      dir: "desc",
    });
    // A sort without a direction takes the column's own.
    expect(loadListView({ sort: "name" })).toEqual({ show: "all", whose: "team", sort: "name", dir: "asc" });
    const v = loadListView(new URLSearchParams("show=failed&sort=name&dir=desc"));
    expect(v).toEqual({ show: "failed", whose: "team", sort: "name", dir: "desc" });
    const href = listViewHref("/clusters", v);
    expect(href).toBe("/clusters?show=failed&sort=name&dir=desc");
    expect(loadListView(new URLSearchParams(href.split("?")[1]))).toEqual(v);
    expect(listViewHref("/clusters", DEFAULT_VIEW)).toBe("/clusters");
    expect(listViewHref("/clusters", { ...DEFAULT_VIEW, sort: "name", dir: "asc" })).toBe(
      "/clusters?sort=name&dir=asc",
    );
  });

  it("filters and sorts", () => {
    const now = T0 + 86_400_000 * 5;
    expect(applyListView([a, b, c], DEFAULT_VIEW, now).map((x) => x.id)).toEqual(["c", "b", "a"]);
    expect(
      applyListView([a, b, c], { show: "all", whose: "team", sort: "name", dir: "asc" }, now).map(
        (x) => x.name,
      ),
    ).toEqual(["Alpha", "beta", "gamma"]);
    // Finished clusters cost nothing per hour any more (their rate shows "—"), so they sort below the running one.
    expect(
      applyListView([a, b, c], { show: "all", whose: "team", sort: "rate", dir: "desc" }, now).map(
        (x) => x.id,
      ),
    ).toEqual(["a", "b", "c"]);
    expect(
      applyListView([a, b, c], { show: "failed", whose: "team", sort: "created", dir: "desc" }, now).map(
        (x) => x.id,
      ),
    ).toEqual(["b"]);
    expect(
      applyListView([a, b, c], { show: "active", whose: "team", sort: "created", dir: "desc" }, now).map(
        (x) => x.id,
      ),
    ).toEqual(["a"]);
    expect(countByGroup([a, b, c])).toEqual({ all: 3, active: 1, failed: 1, terminated: 1 });
  });

  it("sorts finished clusters by the console's recorded cost when it has one", () => {
    const now = T0 + 86_400_000 * 5;
    const d = { ...c, id: "d" };
    const byCost = { show: "all", whose: "team", sort: "cost", dir: "desc" } as const;
    // Same API fields: the same estimate, so the id decides.
    expect(applyListView([d, c], byCost, now).map((x) => x.id)).toEqual(["c", "d"]);
    const since = billingStart(d)!;
    const ledger = {
      d: {
        autoTerminated: "budget" as const,
        segments: [{ ratePerNode: 1_000, nodes: 8, from: since, to: since + 3_600_000 }],
      },
    };
    expect(applyListView([c, d], byCost, now, ledger).map((x) => x.id)).toEqual(["d", "c"]);
    expect(costSoFar(d, now, ledger.d.segments).amount).toBe(8_000);
  });

  it("in a shared team shows the team's clusters or only the person's own, saying who launched each", () => {
    const now = T0 + 86_400_000 * 5;
    const launchers = {
      a: { you: true, email: "me@example.com" },
      b: { you: false, email: "bo@example.com" },
    };
    const mine = { ...DEFAULT_VIEW, whose: "mine" } as const;
    expect(applyListView([a, b, c], DEFAULT_VIEW, now, undefined, launchers).map((x) => x.id)).toEqual([
      "c",
      "b",
      "a",
    ]);
    expect(applyListView([a, b, c], mine, now, undefined, launchers).map((x) => x.id)).toEqual(["a"]);
    // In a personal team (no launchers) every cluster is the person's own.
    expect(applyListView([a, b, c], mine, now).map((x) => x.id)).toEqual(["c", "b", "a"]);
    expect(["a", "b", "c"].map((id) => launchedByText(launchers, id))).toEqual([
      "You",
      "bo@example.com",
      "Outside Clusterdeck",
    ]);
    const href = listViewHref("/clusters", mine);
    expect(href).toBe("/clusters?whose=mine");
    expect(loadListView(new URLSearchParams("whose=nobody"))).toEqual(DEFAULT_VIEW);
  });

  it("toggles direction on the same column and picks a natural one for a new column", () => {
    const v = DEFAULT_VIEW;
    expect(toggleSort(v, "created")).toMatchObject({ dir: "asc" });
    expect(toggleSort(v, "name")).toMatchObject({ sort: "name", dir: "asc" });
  });
});

describe("cluster ids and formatting", () => {
  it("accepts UUIDs and refuses anything that could change the upstream path", () => {
    expect(isClusterId("0b5c8f1e-7d1a-4a3e-9a53-2f3c1d4e5f60")).toBe(true);
    for (const bad of ["", "..", "a/b", "a%2Fb", "x?y=1", "-lead", "a".repeat(129), "a b"])
      expect(isClusterId(bad), bad).toBe(false);
  });
  it("formats bytes", () => {
    expect(formatBytes(8)).toBe("8 B");
    expect(formatBytes(8 * 1024 ** 3)).toBe("8 GiB");
    expect(formatBytes(1536)).toBe("1.5 KiB");
  });
});
