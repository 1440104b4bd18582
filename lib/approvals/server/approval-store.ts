import "server-only";
import { and, desc, eq, gt, isNull, lte, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/server/db/client";
import { approvalRequests, users, type ApprovalRequestRow } from "@/lib/server/db/schema";
import { isUuid } from "@/lib/text/uuid";

/**
 * Approval requests: made by a member whose launch, extension or resize the team's policy or budgets refused, decided once by an admin.
 * Pending until decided or expired; an approval claims the request (approving, under a lease) before it launches, so
 * two admins pressing Approve at once launch once, and an approval whose process died is taken over after the lease
 * with the same Idempotency-Key — Runcrate answers it with the cluster already made.
 */

export const APPROVING_LEASE_MS = 120_000;

export type NewRequest = {
  kind: ApprovalRequestRow["kind"];
  /** The cluster a change is about (a launch's is known once it runs). */
  clusterId?: string | null;
  teamId: string;
  requesterId: string;
  payload: Record<string, unknown>;
  idempotencyKey: string;
  summary: string;
  rules: string[];
  breaches: string[];
  reason: string;
  expiresAt: Date;
};

/** Stores a request; asking again for the same launch (its Idempotency-Key) finds the first one. */
export async function createRequest(
  db: Db,
  r: NewRequest,
): Promise<{ request: ApprovalRequestRow; created: boolean }> {
  const [made] = await db
    .insert(approvalRequests)
    .values(r)
    .onConflictDoNothing({ target: [approvalRequests.teamId, approvalRequests.idempotencyKey] })
    .returning();
  if (made) return { request: made, created: true };
  const [first] = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.teamId, r.teamId), eq(approvalRequests.idempotencyKey, r.idempotencyKey)));
  return { request: first!, created: false };
}

export async function requestById(db: Db, id: string): Promise<ApprovalRequestRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  return row ?? null;
}

/** The status a reader sees: a pending request past its time is expired, whether or not the sweep marked it yet. */
export function statusOf(r: Pick<ApprovalRequestRow, "status" | "expiresAt">, now = new Date()) {
  return r.status === "pending" && r.expiresAt <= now ? "expired" : r.status;
}

export type RequestListItem = ApprovalRequestRow & { requesterEmail: string; deciderEmail: string | null };

/** A team's requests, newest first: all of them (its admins), one member's own, or one by its id. */
export async function teamRequests(
  db: Db,
  teamId: string,
  o: { requesterId?: string; id?: string; limit?: number } = {},
): Promise<RequestListItem[]> {
  const decider = alias(users, "decider");
  const rows = await db
    .select({ r: approvalRequests, requesterEmail: users.email, deciderEmail: decider.email })
    .from(approvalRequests)
    .innerJoin(users, eq(users.id, approvalRequests.requesterId))
    .leftJoin(decider, eq(decider.id, approvalRequests.decidedBy))
    .where(
      and(
        eq(approvalRequests.teamId, teamId),
        o.requesterId ? eq(approvalRequests.requesterId, o.requesterId) : undefined,
        o.id ? eq(approvalRequests.id, o.id) : undefined,
      ),
    )
    .orderBy(desc(approvalRequests.createdAt))
    .limit(o.limit ?? 50);
  return rows.map((x) => ({ ...x.r, requesterEmail: x.requesterEmail, deciderEmail: x.deciderEmail }));
}

/** Denies a pending request; null when it was decided, or expired, before. */
export async function denyRequest(
  db: Db,
  id: string,
  by: string,
  note: string | null,
  now = new Date(),
): Promise<ApprovalRequestRow | null> {
  const [row] = await db
    .update(approvalRequests)
    .set({ status: "denied", decidedBy: by, decidedAt: now, note })
    .where(
      and(
        eq(approvalRequests.id, id),
        eq(approvalRequests.status, "pending"),
        gt(approvalRequests.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Claims a request to launch it: a pending one not expired, or one whose approving holder's lease ran out. Exactly
 * one caller gets the row.
 */
export async function claimApproval(
  db: Db,
  id: string,
  by: string,
  note: string | null,
  now = new Date(),
): Promise<ApprovalRequestRow | null> {
  const [row] = await db
    .update(approvalRequests)
    .set({
      status: "approving",
      decidedBy: by,
      decidedAt: now,
      note,
      leaseUntil: new Date(now.getTime() + APPROVING_LEASE_MS),
    })
    .where(
      and(
        eq(approvalRequests.id, id),
        or(
          and(eq(approvalRequests.status, "pending"), gt(approvalRequests.expiresAt, now)),
          and(
            eq(approvalRequests.status, "approving"),
            or(isNull(approvalRequests.leaseUntil), lte(approvalRequests.leaseUntil, now)),
          ),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** The approved launch ran: the cluster it made, or why it could not launch. */
export async function finishApproval(
  db: Db,
  id: string,
  r: { status: "approved"; clusterId: string; outcome: string } | { status: "failed"; outcome: string },
): Promise<void> {
  await db
    .update(approvalRequests)
    .set({ ...r, leaseUntil: null })
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, "approving")));
}

/** Marks the pending requests past their time expired; returns them (their requesters are told). */
export async function expireRequests(db: Db, now = new Date()): Promise<ApprovalRequestRow[]> {
  return db
    .update(approvalRequests)
    .set({ status: "expired" })
    .where(and(eq(approvalRequests.status, "pending"), lte(approvalRequests.expiresAt, now)))
    .returning();
}
