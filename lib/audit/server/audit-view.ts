import "server-only";
import type { Db } from "@/lib/server/db/client";
import { readAuditFilter, type AuditFilter, type AuditView } from "@/lib/audit/audit";
import { listAudit, listTeamAudit, teamAuditClusters, type AuditEntry } from "@/lib/audit/server/audit-log";
import { decide } from "@/lib/teams/permissions";
import type { TeamMembership } from "@/lib/teams/roles";
import { activeTeam, membersOf } from "@/lib/teams/server/teams-store";

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
      team: TeamMembership;
      people: { userId: string; email: string; name: string | null }[];
      /** The clusters the team's log names, for the cluster filter. */
      clusters: { clusterId: string; name: string | null }[];
      filter: AuditFilter;
      /** What the query string asked that could not be read (the log is shown without it). */
      messages: string[];
      entries: AuditView[];
    }
  | { scope: "own"; entries: AuditView[] };

/** The shared team whose log the person reads, or null: personal, or a role that may not read the team's log. */
export async function teamLogOf(db: Db, userId: string): Promise<TeamMembership | null> {
  const team = await activeTeam(db, userId);
  return team.personal || !decide(team.role, "audit").allowed ? null : team;
}

/**
 * The audit log the person reads (the page and its CSV): in a shared team whose log their role may read, the team's,
 * narrowed by the query string's person, action and cluster; otherwise their own entries, across teams.
 */
export async function readAuditLog(
  db: Db,
  userId: string,
  params: { person?: string | string[]; action?: string | string[]; cluster?: string | string[] },
  /** Whose log: `teamLogOf`'s answer, which the caller has read (the page decides its view by it). */
  team: TeamMembership | null,
): Promise<AuditLogView> {
  if (!team) return { scope: "own", entries: (await listAudit(db, userId)).map(auditView) };
  const { filter, messages } = readAuditFilter(params);
  const [rows, people, clusters] = await Promise.all([
    listTeamAudit(db, team.teamId, filter),
    membersOf(db, team.teamId),
    teamAuditClusters(db, team.teamId),
  ]);
  return { scope: "team", team, people, clusters, filter, messages, entries: rows.map(auditView) };
}
