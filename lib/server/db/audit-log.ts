import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Db } from "./client";
import type { AuditAction } from "@/lib/audit";
import { auditLog, users, type AuditRow } from "./schema";

export type AuditInput = {
  userId: string;
  action: AuditAction;
  clusterId: string | null;
  clusterName: string | null;
  keyLabel: string;
  detail?: string;
};

export async function insertAudit(db: Db, e: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    userId: e.userId,
    action: e.action,
    clusterId: e.clusterId,
    clusterName: e.clusterName,
    keyLabel: e.keyLabel,
    detail: e.detail?.slice(0, 500) ?? null,
  });
}

export type AuditEntry = AuditRow & { actorEmail: string };

/**
 * The user's own audit entries, newest first. Scoped to the user: clusters live in the workspaces behind each
 * person's own keys, and one user must not learn another's cluster names.
 */
export async function listAudit(db: Db, userId: string, limit = 200): Promise<AuditEntry[]> {
  const rows = await db
    .select({ entry: auditLog, actorEmail: users.email })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.userId))
    .where(eq(auditLog.userId, userId))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r.entry, actorEmail: r.actorEmail }));
}
