/**
 * Cost so far. A cluster is billed from `up_at` (billing.billed_since) for every machine at once until it is
 * terminated; a cluster that never came up costs nothing (runcrate-api.md §1.9, §4.7). Cost accrues continuously.
 */
import type { Cluster } from "@/lib/runcrate/schemas";
import { parseTime } from "@/lib/time";
import { ledgerCost, type RateSegment } from "./ledger";

type CostFields = Pick<
  Cluster,
  "status" | "up_at" | "terminated_at" | "billing" | "hourly_rate" | "hourly_rate_per_node" | "node_count"
>;

/** Whole-cluster rate per hour: the API's `hourly_rate`, else per-node × node count. */
export function hourlyRate(c: Pick<Cluster, "hourly_rate" | "hourly_rate_per_node" | "node_count">): number {
  return c.hourly_rate ?? c.hourly_rate_per_node * c.node_count;
}

/** The rate being billed right now: per-node × nodes billed when the API says how many (it differs mid-resize). */
export function billedRate(c: CostFields): number {
  const n = c.billing?.nodes_billed;
  return n != null ? c.hourly_rate_per_node * n : hourlyRate(c);
}

export function billingStart(c: CostFields): number | null {
  return parseTime(c.billing?.billed_since) ?? parseTime(c.up_at);
}

export type CostSoFar = {
  amount: number;
  billing: boolean;
  since: number | null;
  until: number | null;
  /** The figure is billed time × the last known rate: the rate history (ledger) was not available. */
  estimated: boolean;
};

/** No further billing: terminated or failed (by status or by a termination time). */
export function isFinished(c: Pick<Cluster, "status" | "terminated_at">): boolean {
  return parseTime(c.terminated_at) !== null || c.status === "terminated" || c.status === "failed";
}

/**
 * Dollars billed between billing start and termination (or `now`). Zero when billing never started — in particular a
 * failed cluster, which never came up. With the spend record's rate segments (lib/spend/ledger.ts) the cost is their
 * sum; without them a running cluster uses the rate billed now, and a finished one billed time × per-node rate ×
 * node count — never `nodes_billed`, which is 0 after termination — marked `estimated`, since a resize's history is
 * not in the object.
 */
export function costSoFar(c: CostFields, now: number, segments?: readonly RateSegment[] | null): CostSoFar {
  const since = billingStart(c);
  if (since === null) return { amount: 0, billing: false, since: null, until: null, estimated: false };
  const ended = parseTime(c.terminated_at);
  const stopped = ended !== null || c.status === "terminated" || c.status === "failed";
  const until = ended ?? (stopped ? since : now);
  if (segments && segments.length > 0 && segments[0]!.from <= since + 60_000) {
    return {
      amount: ledgerCost(segments, stopped ? until : now),
      billing: !stopped,
      since,
      until: stopped ? until : null,
      estimated: false,
    };
  }
  const hours = Math.max(0, until - since) / 3_600_000;
  const rate = stopped ? hourlyRate(c) : billedRate(c);
  return {
    amount: hours * rate,
    billing: !stopped,
    since,
    until: stopped ? until : null,
    estimated: stopped,
  };
}

/** Billing runs but the cluster is not usable yet (stack still installing): worth telling people. */
export function billedButNotReady(c: CostFields & Pick<Cluster, "ready_at">): boolean {
  return (
    billingStart(c) !== null &&
    c.ready_at == null &&
    c.terminated_at == null &&
    c.status !== "terminated" &&
    c.status !== "failed"
  );
}
