/**
 * Reading an NCCL all-reduce result: the peak bus bandwidth against what the interconnect can carry.
 * The interconnect's rate is in Gbit/s (rate_gbps); nccl-tests report GB/s — so the line rate is rate_gbps / 8.
 * nccl-tests bus bandwidth on a healthy fabric reaches a large share of the per-GPU NIC rate; below that something is
 * misconfigured or the link is slow.
 */
import type { ClusterTest, Interconnect } from "@/lib/runcrate/schemas";
import { isUpStatus } from "./status";

export type Verdict = "good" | "fair" | "poor" | "unknown" | "failed" | "running";

export type NcclReading = {
  verdict: Verdict;
  label: string;
  explanation: string;
  peakGBs: number | null;
  lineRateGBs: number | null;
  /** peak / line rate, 0..∞ (can exceed 1 when NVLink carries part of the traffic inside a node). */
  ratio: number | null;
};

/**
 * Test statuses after which nothing more happens. Anything else — `running`, but also `queued`, `pending` or a word
 * this console has never seen — counts as still going: the result is not in, Run again waits, and the
 * page keeps watching closely.
 */
const TEST_FINAL = new Set([
  "passed",
  "failed",
  "succeeded",
  "success",
  "completed",
  "complete",
  "done",
  "error",
  "errored",
  "cancelled",
  "canceled",
  "timeout",
  "timed_out",
]);
const TEST_FAILED = new Set(["failed", "error", "errored", "timeout", "timed_out"]);

export function isTestActive(status: string | null | undefined): boolean {
  return status != null && !TEST_FINAL.has(status.trim().toLowerCase());
}

export const GOOD_RATIO = 0.7;
export const FAIR_RATIO = 0.4;

export function lineRateGBs(ic: Pick<Interconnect, "rate_gbps"> | null | undefined): number | null {
  const r = ic?.rate_gbps;
  return r != null && r > 0 ? r / 8 : null;
}

export function peakBusbw(t: Pick<ClusterTest, "result"> | null | undefined): number | null {
  const r = t?.result;
  if (!r) return null;
  if (r.peak_busbw_gb_s != null) return r.peak_busbw_gb_s;
  const sizes = r.sizes ?? [];
  return sizes.length ? Math.max(...sizes.map((s) => s.busbw_gb_s)) : null;
}

export function ncclVerdict(
  t: Pick<ClusterTest, "status" | "result"> | null | undefined,
  ic: Pick<Interconnect, "rate_gbps"> | null | undefined,
): NcclReading {
  const peak = peakBusbw(t);
  const line = lineRateGBs(ic);
  const ratio = peak != null && line != null ? peak / line : null;
  const base = { peakGBs: peak, lineRateGBs: line, ratio };
  if (t && isTestActive(t.status))
    return {
      ...base,
      verdict: "running",
      label:
        t.status === "running"
          ? "Running"
          : t.status.trim()
            ? `${t.status[0]!.toUpperCase()}${t.status.slice(1)}`
            : "Starting",
      explanation:
        t.status === "running"
          ? "The all-reduce test is running across every GPU."
          : "The all-reduce test has not started running yet; its result follows when it has.",
    };
  if (t && TEST_FAILED.has(t.status.trim().toLowerCase()))
    return {
      ...base,
      verdict: "failed",
      label: "Test failed",
      explanation: t.result?.error ?? "The test did not finish. No reason was given.",
    };
  if (peak == null)
    return {
      ...base,
      verdict: "unknown",
      label: "No result",
      explanation: "The test reported no bandwidth figures.",
    };
  if (ratio == null)
    return {
      ...base,
      verdict: "unknown",
      label: "No reference",
      explanation: "The interconnect's rate is unknown, so the peak cannot be judged.",
    };
  const pct = Math.round(ratio * 100);
  if (ratio >= GOOD_RATIO)
    return {
      ...base,
      verdict: "good",
      label: "Healthy",
      explanation: `Peak bus bandwidth reaches ${pct}% of the interconnect's line rate — the fabric performs as expected.`,
    };
  if (ratio >= FAIR_RATIO)
    return {
      ...base,
      verdict: "fair",
      label: "Below expectations",
      explanation: `Peak bus bandwidth reaches ${pct}% of the line rate. Training will work, but communication-heavy jobs will be slower than they should.`,
    };
  return {
    ...base,
    verdict: "poor",
    label: "Slow interconnect",
    explanation: `Peak bus bandwidth is only ${pct}% of the line rate. Check NCCL_SOCKET_IFNAME and whether traffic uses the fast fabric.`,
  };
}

/** Why the start button is disabled, or null when a test can start (one at a time, only when ready — §5 #15). */
export function testStartBlocked(c: {
  status: string;
  last_test?: { status: string } | null;
}): string | null {
  if (isTestActive(c.last_test?.status)) return "A test is already running; one test per cluster at a time.";
  if (!isUpStatus(c.status)) {
    if (c.status === "provisioning" || c.status === "installing")
      return "The cluster is still coming up. Tests start once it is ready.";
    if (c.status === "terminating") return "The cluster is being terminated.";
    if (c.status === "terminated") return "The cluster is terminated.";
    if (c.status === "failed") return "The cluster failed to start.";
    return c.status.trim() === ""
      ? "Tests need a ready cluster; Runcrate sent no status for this one yet."
      : `Tests need a ready cluster; this one is ${c.status}.`;
  }
  return null;
}
