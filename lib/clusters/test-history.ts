/**
 * The NCCL test history as the browser shows it (no I/O): each kept run with its verdict and peak, whether it ran
 * before a resize, and — only where the API's result carries per-rank or per-link figures — the slowest one.
 */
import type { Cluster, ClusterTest, TestSize } from "@/lib/runcrate/schemas";
import { ncclVerdict, type NcclReading } from "./nccl";

/** One kept run (GET /api/clusters/{id}/tests). */
export type TestRunView = {
  id: string;
  kind: string;
  status: string;
  startedAt: string | null;
  finishedAt: string | null;
  recordedAt: string;
  /** The cluster's node count when the run was seen. */
  nodeCount: number;
  gpus: number | null;
  peakBusbwGbS: number | null;
  result: Record<string, unknown> | null;
};

export type TestHistoryResponse = { nodeCount: number; runs: TestRunView[] };

export type HistoryRow = TestRunView & {
  reading: NcclReading;
  beforeResize: boolean;
  sizes: TestSize[];
  slowest: string | null;
};

function sizesOf(result: Record<string, unknown> | null): TestSize[] {
  const s = result?.sizes;
  if (!Array.isArray(s)) return [];
  return s.filter(
    (x): x is TestSize =>
      typeof x === "object" &&
      x !== null &&
      typeof (x as TestSize).bytes === "number" &&
      typeof (x as TestSize).busbw_gb_s === "number",
  );
}

/**
 * "rank 3 is 40 % below the others" when the result lists per-rank (`ranks`, `per_rank`) or per-link (`links`)
 * bandwidths and one is at least 10 % below the median of the rest; null when there are no such figures.
 */
export function slowestMember(result: Record<string, unknown> | null): string | null {
  const pick = (list: unknown, what: "rank" | "link") => {
    if (!Array.isArray(list)) return null;
    const items = list
      .map((x: unknown) => {
        if (typeof x !== "object" || x === null) return null;
        const o = x as Record<string, unknown>;
        const v = [o.busbw_gb_s, o.bandwidth_gb_s, o.gb_s].find((n): n is number => typeof n === "number");
        const label =
          what === "rank"
            ? typeof o.rank === "number"
              ? `rank ${o.rank}`
              : null
            : typeof o.from === "number" && typeof o.to === "number"
              ? `the link rank ${o.from} → rank ${o.to}`
              : typeof o.name === "string"
                ? `link ${o.name}`
                : null;
        return v !== undefined && label ? { label, v } : null;
      })
      .filter((x): x is { label: string; v: number } => x !== null);
    if (items.length < 2) return null;
    const slow = items.reduce((a, b) => (b.v < a.v ? b : a));
    const others = items
      .filter((i) => i !== slow)
      .map((i) => i.v)
      .sort((a, b) => a - b);
    const mid = Math.floor(others.length / 2);
    const median = others.length % 2 ? others[mid]! : (others[mid - 1]! + others[mid]!) / 2;
    if (!(median > 0)) return null;
    const below = Math.round((1 - slow.v / median) * 100);
    return below >= 10 ? `${slow.label} is ${below} % below the others` : null;
  };
  return pick(result?.ranks ?? result?.per_rank, "rank") ?? pick(result?.links, "link");
}

/**
 * Whether a run on `thenNodes` machines ran before a resize of a cluster that has `nowNodes` now: one rule for the
 * history list and the last result on the cluster page. Unknown `thenNodes` (a result without a node count) is not
 * guessed.
 */
export function ranBeforeResize(thenNodes: number | null | undefined, nowNodes: number): boolean {
  return thenNodes != null && thenNodes !== nowNodes;
}

/** "Before a resize (2 nodes then, 4 now)". */
export function beforeResizeLabel(thenNodes: number, nowNodes: number): string {
  return `Before a resize (${thenNodes} nodes then, ${nowNodes} now)`;
}

export function historyRows(h: TestHistoryResponse, cluster: Pick<Cluster, "interconnect">): HistoryRow[] {
  return h.runs.map((r) => {
    const asTest = { status: r.status, result: r.result as ClusterTest["result"] };
    return {
      ...r,
      reading: ncclVerdict(asTest, cluster.interconnect),
      beforeResize: ranBeforeResize(r.nodeCount, h.nodeCount),
      sizes: sizesOf(r.result),
      slowest: slowestMember(r.result),
    };
  });
}
