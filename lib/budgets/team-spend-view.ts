/** The Spend page's team section, browser-safe: what it shows, and its CSV (lib/budgets/server/budget-standing.ts reads it). */
import type { DaySpend } from "@/lib/spend/spend-rows";
import { toCsv } from "@/lib/text/csv";
import type { Period } from "./budget";

/** What a team's clusters cost in the period, by member and by day (the Spend page's team section). */
export type TeamSpendView = {
  team: string;
  period: Period;
  members: { email: string; spent: number; rate: number; clusters: number }[];
  days: DaySpend[];
  total: number;
  /** Each cluster billed in the period: when it ran, its hours and cost (all of it), and who ended it and why. */
  clusters: ClusterSummary[];
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
  /** "ada@… — done with the sweep" / "Clusterdeck — time limit reached"; null while it runs or when not seen here. */
  endedBy: string | null;
};

/** The team's cluster summaries as CSV (the Spend page's download). */
export function clusterSummariesCsv(rows: readonly ClusterSummary[]): string {
  return toCsv(
    ["cluster_id", "name", "owner", "ran_from", "ran_until", "hours", "cost", "ended_by"],
    rows.map((r) => [
      r.id,
      r.name,
      r.owner,
      r.from === null ? null : new Date(r.from).toISOString(),
      r.to === null ? null : new Date(r.to).toISOString(),
      r.hours.toFixed(2),
      r.cost.toFixed(2),
      r.endedBy,
    ]),
  );
}
