import "server-only";
import { auditCsv, type AuditTeam } from "@/lib/audit/audit";
import { readAuditLog } from "@/lib/audit/server/audit-view";
import { getDb } from "@/lib/server/db/client";

/** A name a file system takes: letters, digits and dashes. */
function slug(s: string): string {
  return (
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "team"
  );
}

const one = (q: URLSearchParams, name: string) => {
  const all = q.getAll(name);
  return all.length > 1 ? all : all[0];
};

/**
 * The audit log as the page shows it (readAuditLog: the team's, narrowed by the same query string, or one's own), as
 * a CSV file. A filter that can't be read is dropped, as on the page.
 */
export async function auditCsvFile(
  userId: string,
  /** Whose log: the shared team the person may read the log of (teamLogOf), or null for their own entries. */
  team: AuditTeam | null,
  query: URLSearchParams,
  now = new Date(),
): Promise<{ fileName: string; csv: string }> {
  const db = await getDb();
  const params = {
    person: one(query, "person"),
    action: one(query, "action"),
    cluster: one(query, "cluster"),
  };
  const log = await readAuditLog(db, userId, params, team);
  const day = now.toISOString().slice(0, 10);
  return {
    fileName:
      log.scope === "team"
        ? `clusterdeck-audit-${slug(log.team.name)}-${day}.csv`
        : `clusterdeck-audit-${day}.csv`,
    csv: auditCsv(log.entries),
  };
}
