import "server-only";
import { and, asc, desc, eq, inArray, isNotNull, lt, max, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import type { AuditAction } from "@/lib/vocabulary/audit-actions";
import type { AuditFilter } from "@/lib/audit/audit";
import { auditLog, users, type AuditRow } from "@/lib/server/db/schema";

export type AuditInput = {
  userId: string;
  /** The team the person acted in (a personal team for their own keys). */
  teamId: string | null;
  /** The request's client address, when there was a request. */
  address?: string | null;
  action: AuditAction;
  clusterId: string | null;
  clusterName: string | null;
  keyLabel: string;
  detail?: string;
};

export async function insertAudit(db: Db, e: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    userId: e.userId,
    teamId: e.teamId,
    address: e.address ?? null,
    action: e.action,
    clusterId: e.clusterId,
    clusterName: e.clusterName,
    keyLabel: e.keyLabel,
    detail: e.detail?.slice(0, 500) ?? null,
  });
}

/**
 * The launch entry of a cluster, written once however many instances answer the same launch intent: a retry with
 * the same Idempotency-Key that lands on another instance (or the same one) gets the same cluster back, and must
 * not log a second launch. A transaction-scoped advisory lock on the cluster id serialises the check and the insert
 * across instances (PGlite and Postgres alike). Returns whether this call wrote the entry.
 */
export async function insertLaunchAuditOnce(
  db: Db,
  e: AuditInput & { action: "launch"; clusterId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`audit-launch:${e.clusterId}`}))`);
    const [existing] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.userId, e.userId),
          eq(auditLog.action, "launch"),
          eq(auditLog.clusterId, e.clusterId),
        ),
      )
      .limit(1);
    if (existing) return false;
    await insertAudit(tx, e);
    return true;
  });
}

export type AuditEntry = AuditRow & { actorEmail: string };

/** The entries `where` selects, each with its author's email, newest first. */
async function entries(db: Db, where: SQL | undefined, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .select({ entry: auditLog, actorEmail: users.email })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.userId))
    .where(where)
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r.entry, actorEmail: r.actorEmail }));
}

/**
 * The user's own audit entries, newest first; with `clusterId`, only that cluster's. Scoped to the user: clusters live in the workspaces behind each
 * person's own keys, and one user must not learn another's cluster names.
 */
export async function listAudit(
  db: Db,
  userId: string,
  { clusterId, limit = 200 }: { clusterId?: string; limit?: number } = {},
): Promise<AuditEntry[]> {
  return entries(
    db,
    and(eq(auditLog.userId, userId), clusterId === undefined ? undefined : eq(auditLog.clusterId, clusterId)),
    limit,
  );
}

/**
 * A shared team's log: what every member did in the team (their clusters, its keys, its members), newest first,
 * narrowed by person, action and cluster. Entries written before teams kept a log are in their authors' own logs only.
 */
export async function listTeamAudit(
  db: Db,
  teamId: string,
  filter: AuditFilter = { person: null, action: null, cluster: null },
  limit = 200,
): Promise<AuditEntry[]> {
  return entries(
    db,
    and(
      eq(auditLog.teamId, teamId),
      filter.person ? eq(auditLog.userId, filter.person) : undefined,
      filter.action ? eq(auditLog.action, filter.action) : undefined,
      filter.cluster ? eq(auditLog.clusterId, filter.cluster) : undefined,
    ),
    limit,
  );
}

/** The clusters a team's log names (the cluster filter's choices), the most recently touched first, each with its last name. */
export async function teamAuditClusters(
  db: Db,
  teamId: string,
  limit = 100,
): Promise<{ clusterId: string; name: string | null }[]> {
  const last = max(auditLog.createdAt);
  const rows = await db
    .select({
      clusterId: sql<string>`${auditLog.clusterId}`,
      // The name written with the newest entry: a renamed or relaunched cluster shows as it is known now.
      name: sql<string | null>`(array_agg(${auditLog.clusterName} order by ${auditLog.createdAt} desc))[1]`,
    })
    .from(auditLog)
    .where(and(eq(auditLog.teamId, teamId), isNotNull(auditLog.clusterId)))
    .groupBy(auditLog.clusterId)
    .orderBy(desc(last))
    .limit(limit);
  return rows;
}

/** Deletes the entries written before `before` (the retention job). Returns how many went. */
export async function pruneAudit(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(auditLog).where(lt(auditLog.createdAt, before)).returning({ id: auditLog.id });
  return gone.length;
}

/**
 * Who ended each of these clusters from the console, and why, from the log: "ada@example.com (done for today)" for a
 * Terminate, "Clusterdeck: time limit reached" for the guardian. Clusters ended elsewhere are absent.
 */
export async function endingsOf(db: Db, clusterIds: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (clusterIds.length === 0) return out;
  const rows = await db
    .select({
      clusterId: auditLog.clusterId,
      action: auditLog.action,
      detail: auditLog.detail,
      email: users.email,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        inArray(auditLog.clusterId, [...clusterIds]),
        inArray(auditLog.action, ["terminate", "auto-terminate"]),
      ),
    )
    .orderBy(asc(auditLog.createdAt));
  for (const r of rows) {
    if (!r.clusterId || out.has(r.clusterId)) continue;
    const detail = r.detail ?? "";
    const reason = / · reason: (.+)$/.exec(detail)?.[1];
    out.set(
      r.clusterId,
      r.action === "auto-terminate"
        ? `Clusterdeck: ${detail.replace(/^auto-terminated: /, "") || "a limit reached"}`
        : reason
          ? `${r.email} (${reason})`
          : r.email,
    );
  }
  return out;
}
