import type { LimitReason, RateSegment } from "@/lib/spend/ledger";

/** What the cluster list knows from the console's own record about one cluster: its rate history, why it ended. */
export type ListLedgerEntry = {
  segments: RateSegment[];
  /** Set when the guardian terminated the cluster: which limit was reached ("limit" when the record doesn't say). */
  autoTerminated: LimitReason | "limit" | null;
};

/** GET /api/clusters/ledger: entries for the signed-in user's tracked clusters that have finished, by cluster id. */
export type ListLedger = Record<string, ListLedgerEntry>;

/** The list's words for why a cluster ended, or null when the console did not end it. */
export function endedByText(entry: ListLedgerEntry | undefined): string | null {
  if (!entry?.autoTerminated) return null;
  if (entry.autoTerminated === "budget") return "Auto-terminated: budget limit";
  if (entry.autoTerminated === "time") return "Auto-terminated: time limit";
  if (entry.autoTerminated === "team-budget") return "Auto-terminated: team budget";
  return "Auto-terminated by a limit";
}
