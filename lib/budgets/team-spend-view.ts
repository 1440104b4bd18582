/** The Spend page's team section, browser-safe: what it shows, and its CSV (lib/budgets/server/budget-standing.ts reads it). */
import type { DaySpend } from "@/lib/spend/spend-rows";
import { toCsv } from "@/lib/text/csv";
import type { Period } from "./budget";
import type { BurnDown } from "./burn-down";

/** What a team's clusters cost in the period, by member and by day (the Spend page's team section). */
export type TeamSpendView = {
  team: string;
  period: Period;
  members: { email: string; spent: number; rate: number; clusters: number }[];
  days: DaySpend[];
  /** By GPU type: what the period's clusters on it cost, their GPU-hours and what a GPU-hour cost. */
  gpuTypes: GpuTypeSpend[];
  total: number;
  /** The team budget's burn-down through the period; null without a team budget. */
  burn: BurnDown | null;
  /** Each cluster billed in the period: when it ran, its hours and cost (all of it), and who ended it and why. */
  clusters: ClusterSummary[];
};

export type GpuTypeSpend = {
  /** As offers name it; "Unknown" for clusters the guardian has not read since it began recording it. */
  gpuType: string;
  spent: number;
  /** null when the GPUs per node are unknown for any of its clusters. */
  gpuHours: number | null;
  perGpuHour: number | null;
  clusters: number;
};

export type ClusterSummary = {
  id: string;
  name: string;
  owner: string;
  from: number | null;
  /** null while it runs. */
  to: number | null;
  hours: number;
  cost: number;
  gpuType: string | null;
  /** GPUs × hours over its whole run; null when its GPUs per node are unknown. */
  gpuHours: number | null;
  /** What one GPU-hour cost (cost ÷ GPU-hours); null when unknown or nothing ran yet. */
  perGpuHour: number | null;
  /** "ada@… — done with the sweep" / "Clusterdeck — time limit reached"; null while it runs or when not seen here. */
  endedBy: string | null;
};

/** The team's cluster summaries as CSV (the Spend page's download). */
export function clusterSummariesCsv(rows: readonly ClusterSummary[]): string {
  return toCsv(
    [
      "cluster_id",
      "name",
      "owner",
      "gpu_type",
      "ran_from",
      "ran_until",
      "hours",
      "gpu_hours",
      "cost",
      "usd_per_gpu_hour",
      "ended_by",
    ],
    rows.map((r) => [
      r.id,
      r.name,
      r.owner,
      r.gpuType,
      r.from === null ? null : new Date(r.from).toISOString(),
      r.to === null ? null : new Date(r.to).toISOString(),
      r.hours.toFixed(2),
      r.gpuHours === null ? null : r.gpuHours.toFixed(2),
      r.cost.toFixed(2),
      r.perGpuHour === null ? null : r.perGpuHour.toFixed(4),
      r.endedBy,
    ]),
  );
}

/** What a GPU-hour cost: null without GPU-hours to divide by. */
export const perGpuHour = (cost: number, gpuHours: number | null) =>
  gpuHours !== null && gpuHours > 1e-9 ? cost / gpuHours : null;

/** Spend by GPU type, most spent first, from each cluster's cost and GPU-hours in the period. */
export function byGpuType(
  rows: readonly { gpuType: string | null; cost: number; gpuHours: number | null }[],
): GpuTypeSpend[] {
  const by = new Map<string, GpuTypeSpend>();
  for (const r of rows) {
    const key = r.gpuType ?? "Unknown";
    const t = by.get(key) ?? { gpuType: key, spent: 0, gpuHours: 0, perGpuHour: null, clusters: 0 };
    t.spent += r.cost;
    t.gpuHours = t.gpuHours === null || r.gpuHours === null ? null : t.gpuHours + r.gpuHours;
    t.clusters += 1;
    by.set(key, t);
  }
  return [...by.values()]
    .map((t) => ({ ...t, perGpuHour: perGpuHour(t.spent, t.gpuHours) }))
    .sort((a, b) => b.spent - a.spent);
}
