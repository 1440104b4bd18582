import "server-only";
import type { Db } from "@/lib/server/db/client";
import { readAuditFilter, type AuditFilter, type AuditTeam, type AuditView } from "@/lib/audit/audit";
import { listAudit, listTeamAudit, teamAuditClusters, type AuditEntry } from "@/lib/audit/server/audit-log";

export function auditView(r: AuditEntry): AuditView {
  return {
    id: r.id,
    action: r.action,
    clusterId: r.clusterId,
    clusterName: r.clusterName,
    keyLabel: r.keyLabel,
    detail: r.detail,
    actorEmail: r.actorEmail,
    address: r.address,
    at: r.createdAt.toISOString(),
  };
}

export type AuditLogView =
  | {
      scope: "team";
      /** The team, with its people for the person filter. */
      team: AuditTeam;
      /** The clusters the team's log names, for the cluster filter. */
      clusters: { clusterId: string; name: string | null }[];
      filter: AuditFilter;
      /** What the query string asked that could not be read (the log is shown without it). */
      messages: string[];
      entries: AuditView[];
    }
  | { scope: "own"; entries: AuditView[] };

/**
 * The audit log the person reads (the page and its CSV): in a shared team whose log their role may read, the team's,
 * narrowed by the query string's person, action and cluster; otherwise their own entries, across teams.
 */
export async function readAuditLog(
  db: Db,
  userId: string,
  params: { person?: string | string[]; action?: string | string[]; cluster?: string | string[] },
  /** Whose log: the shared team the person may read the log of (teamLogOf), or null for their own entries. */
  team: AuditTeam | null,
): Promise<AuditLogView> {
  if (!team) return { scope: "own", entries: (await listAudit(db, userId)).map(auditView) };
  const { filter, messages } = readAuditFilter(params);
  const [rows, clusters] = await Promise.all([
    listTeamAudit(db, team.teamId, filter),
    teamAuditClusters(db, team.teamId),
  ]);
  return {
    scope: "team",
    team,
    clusters,
    filter,
    messages,
    entries: rows.map(auditView),
  };
}
