/**
 * The Spend page's arithmetic (no I/O): each cluster's rate segments (the spend record's, or one estimated from the
 * API object when the guardian never saw it), spend per UTC day, burn rate, runway, and the table's CSV.
 */
import { toCsv } from "@/lib/text/csv";
import { billedRate, billingStart, costSoFar, isFinished } from "@/lib/spend/cluster-cost";
import { segmentCost, type RateSegment } from "@/lib/spend/ledger";
import type { Cluster } from "@/lib/runcrate/schemas";
import { parseTime } from "@/lib/time";

const DAY = 86_400_000;

/** The ledger's segments, else one segment from billing start to end at the object's rate (estimated). */
export function segmentsFor(
  c: Cluster,
  ledger: readonly RateSegment[] | undefined,
): { segments: RateSegment[]; estimated: boolean } {
  if (ledger && ledger.length > 0) return { segments: [...ledger], estimated: false };
  const since = billingStart(c);
  if (since === null) return { segments: [], estimated: false };
  const finished = isFinished(c);
  const to = finished ? (parseTime(c.terminated_at) ?? since) : null;
  return {
    segments: [
      {
        ratePerNode: c.hourly_rate_per_node,
        nodes: finished ? c.node_count : (c.billing?.nodes_billed ?? c.node_count),
        from: since,
        to,
      },
    ],
    estimated: finished,
  };
}

export type DaySpend = { day: string; amount: number };

/** Spend per UTC day for the `days` days ending today, oldest first; each segment split at midnight. */
export function dailySpend(all: readonly RateSegment[][], now: number, days = 30): DaySpend[] {
  const todayStart = Math.floor(now / DAY) * DAY;
  const first = todayStart - (days - 1) * DAY;
  const out: DaySpend[] = Array.from({ length: days }, (_, i) => ({
    day: new Date(first + i * DAY).toISOString().slice(0, 10),
    amount: 0,
  }));
  for (const segments of all) {
    for (const s of segments) {
      const end = Math.min(s.to ?? now, now);
      for (let d = Math.max(first, Math.floor(s.from / DAY) * DAY); d < end; d += DAY) {
        const i = Math.round((d - first) / DAY);
        if (i < 0 || i >= days) continue;
        const from = Math.max(s.from, d);
        const to = Math.min(end, d + DAY);
        if (to > from) out[i]!.amount += segmentCost({ ...s, from, to }, to);
      }
    }
  }
  return out;
}

export type SpendRow = {
  id: string;
  name: string;
  status: string;
  /** $/h billed now; 0 for finished clusters. */
  rate: number;
  cost: number;
  estimated: boolean;
  startedAt: number | null;
  endedAt: number | null;
};

export function spendRows(
  clusters: readonly Cluster[],
  ledger: Map<string, RateSegment[]>,
  now: number,
): SpendRow[] {
  return clusters.map((c) => {
    const segs = ledger.get(c.id);
    const cost = costSoFar(c, now, segs);
    const finished = isFinished(c);
    return {
      id: c.id,
      name: c.name,
      status: c.status,
      rate: finished || cost.since === null ? 0 : billedRate(c),
      cost: cost.amount,
      estimated: cost.estimated,
      startedAt: cost.since,
      endedAt: cost.until,
    };
  });
}

/** Burn now: the sum of running clusters' rates; the balance's own figure when the API gives one. */
export function burnRate(rows: readonly SpendRow[], activeUsageCost: number | null | undefined): number {
  if (typeof activeUsageCost === "number" && Number.isFinite(activeUsageCost)) return activeUsageCost;
  return rows.reduce((s, r) => s + r.rate, 0);
}

export function spendCsv(rows: readonly SpendRow[]): string {
  return toCsv(
    ["cluster_id", "name", "status", "rate_per_hour", "cost", "estimated", "billed_from", "billed_until"],
    rows.map((r) => [
      r.id,
      r.name,
      r.status,
      r.rate.toFixed(4),
      r.cost.toFixed(2),
      r.estimated ? "yes" : "no",
      r.startedAt === null ? null : new Date(r.startedAt).toISOString(),
      r.endedAt === null ? null : new Date(r.endedAt).toISOString(),
    ]),
  );
}
