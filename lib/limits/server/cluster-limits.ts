import "server-only";
import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { LimitReason, Limits } from "@/lib/spend/ledger";
import type { Db } from "@/lib/server/db/client";
import { insertAudit, type AuditInput } from "@/lib/audit/server/audit-log";
import { addInbox } from "@/lib/notifications/server/inbox";
import {
  clusterLimits,
  trackedClusters,
  userLimitDefaults,
  type ClusterLimitsRow,
} from "@/lib/server/db/schema";
import { atRef, sameRef, type GuardRef } from "@/lib/spend/server/tracked-clusters";

/**
 * Spending limits: a cluster's time and budget limits with the guardian's enforcement state (watching → enforcing,
 * claimed by one instance under a lease → enforced, or closed), and each user's default limits for the create form.
 */

export type ClusterLimitsView = Limits & {
  state: ClusterLimitsRow["state"];
  reason: ClusterLimitsRow["reason"];
  enforcedAt: Date | null;
  warnedAt: Date | null;
  problem: string | null;
  problemSince: Date | null;
  attempts: number;
  /** A team budget was reached: the guardian ends the cluster now. */
  endRequestedAt: Date | null;
};

function limitsView(r: ClusterLimitsRow): ClusterLimitsView {
  return {
    timeLimitMinutes: r.timeLimitMinutes,
    budgetLimit: r.budgetCents === null ? null : r.budgetCents / 100,
    state: r.state,
    reason: r.reason,
    enforcedAt: r.enforcedAt,
    warnedAt: r.warnedAt,
    problem: r.problem,
    problemSince: r.problemSince,
    attempts: r.attempts,
    endRequestedAt: r.endRequestedAt,
  };
}

export function toCents(dollars: number | null): number | null {
  return dollars === null ? null : Math.round(dollars * 100);
}

/**
 * Sets (or removes, with both null) a cluster's limits. New limits re-arm a closed guard and clear an earlier
 * warning; an enforced cluster keeps its record. The cluster must be tracked first.
 */
export async function setLimits(db: Db, ref: GuardRef, limits: Limits): Promise<ClusterLimitsView> {
  const none = limits.timeLimitMinutes === null && limits.budgetLimit === null;
  const values = {
    timeLimitMinutes: limits.timeLimitMinutes,
    budgetCents: toCents(limits.budgetLimit),
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(clusterLimits)
    .values({ ...ref, ...values, state: none ? "closed" : "watching" })
    .onConflictDoUpdate({
      target: [clusterLimits.scope, clusterLimits.clusterId],
      set: {
        ...values,
        warnedAt: null,
        warnedStage: 0,
        // A team budget's end request outlives the cluster's own limits: removing them does not stop it.
        state: sql`case when ${clusterLimits.state} = 'enforced' then 'enforced' when ${none}::boolean and ${clusterLimits.endRequestedAt} is null then 'closed' when ${clusterLimits.state} = 'enforcing' then 'enforcing' else 'watching' end`,
      },
    })
    .returning();
  return limitsView(row!);
}

/** The limits of one cluster, or null when it has none. Scoped to the user when `userId` is given. */
export async function limitsOfCluster(
  db: Db,
  ref: GuardRef,
  userId?: string,
): Promise<ClusterLimitsView | null> {
  const [row] = await db
    .select({ limits: clusterLimits })
    .from(clusterLimits)
    .innerJoin(trackedClusters, sameRef(trackedClusters, clusterLimits))
    .where(
      userId === undefined
        ? atRef(clusterLimits, ref)
        : and(atRef(clusterLimits, ref), eq(trackedClusters.userId, userId)),
    );
  return row ? limitsView(row.limits) : null;
}

/** Clusters whose guard is still open (watching or enforcing): what a starting worker makes sure is scheduled. */
export async function openGuards(db: Db): Promise<GuardRef[]> {
  return db
    .select({ scope: clusterLimits.scope, clusterId: clusterLimits.clusterId })
    .from(clusterLimits)
    .where(inArray(clusterLimits.state, ["watching", "enforcing"]));
}

/**
 * Claims the right to terminate: exactly one caller wins while the guard is watching, or while a previous
 * claim's lease has run out (its holder died or its DELETE failed). The lease bounds how long a dead holder blocks.
 */
export async function claimEnforcement(
  db: Db,
  ref: GuardRef,
  reason: LimitReason,
  leaseMs: number,
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(clusterLimits)
    .set({ state: "enforcing", reason, leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(
      and(
        atRef(clusterLimits, ref),
        or(
          eq(clusterLimits.state, "watching"),
          and(
            eq(clusterLimits.state, "enforcing"),
            or(isNull(clusterLimits.leaseUntil), lte(clusterLimits.leaseUntil, now)),
          ),
        ),
      ),
    )
    .returning({ clusterId: clusterLimits.clusterId });
  return rows.length === 1;
}

/** The DELETE went through: mark enforced and write the audit entry and the inbox note in one transaction. */
export async function completeEnforcement(
  db: Db,
  ref: GuardRef,
  audit: AuditInput,
  inbox: { message: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(clusterLimits)
      .set({ state: "enforced", enforcedAt: new Date(), leaseUntil: null, problem: null, problemSince: null })
      .where(and(atRef(clusterLimits, ref), eq(clusterLimits.state, "enforcing")))
      .returning({ clusterId: clusterLimits.clusterId });
    if (rows.length !== 1) return false;
    await insertAudit(tx, audit);
    await addInbox(tx, {
      userId: audit.userId,
      kind: "auto-terminated",
      clusterId: ref.clusterId,
      clusterName: audit.clusterName,
      message: inbox.message,
      // The key the notification of the same end has (lib/notifications/server/events.ts): one inbox entry, not two.
      dedupe: `auto-terminated:${ref.clusterId}`,
    });
    return true;
  });
}

/**
 * Enforcement failed (key gone, API refused): say so and let the next attempt claim again at once. The inbox gets
 * one entry per cluster for it, not one per retry.
 */
export async function enforcementFailed(
  db: Db,
  ref: GuardRef,
  userId: string,
  clusterName: string,
  problem: string,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .update(clusterLimits)
    .set({
      leaseUntil: now,
      problem,
      problemSince: sql`coalesce(${clusterLimits.problemSince}, ${now.toISOString()}::timestamptz)`,
      attempts: sql`${clusterLimits.attempts} + 1`,
      updatedAt: now,
    })
    .where(atRef(clusterLimits, ref))
    .returning({ attempts: clusterLimits.attempts });
  await addInbox(db, {
    userId,
    kind: "limit-unenforced",
    clusterId: ref.clusterId,
    clusterName,
    message: `The limit on ${clusterName} could not be enforced: ${problem} Clusterdeck keeps trying.`,
    dedupe: `limit-unenforced:${ref.clusterId}`,
  });
  return row?.attempts ?? 0;
}

/** A read failed while a limit is near or reached: the same loud problem, without touching the claim. */
export async function setProblem(db: Db, ref: GuardRef, problem: string | null): Promise<number> {
  const now = new Date();
  const [row] = await db
    .update(clusterLimits)
    .set(
      problem === null
        ? { problem: null, problemSince: null, attempts: 0 }
        : {
            problem,
            problemSince: sql`coalesce(${clusterLimits.problemSince}, ${now.toISOString()}::timestamptz)`,
            attempts: sql`${clusterLimits.attempts} + 1`,
          },
    )
    .where(atRef(clusterLimits, ref))
    .returning({ attempts: clusterLimits.attempts });
  return row?.attempts ?? 0;
}

/**
 * A team budget was reached: asks the guardian to end the cluster now, whatever its own limits. True only for the
 * first request (a sweep repeated by another instance or a restart asks nothing new); a cluster already ended by a
 * limit keeps its record. The cluster must be tracked.
 */
export async function requestEnd(db: Db, ref: GuardRef, now = new Date()): Promise<boolean> {
  const rows = await db
    .insert(clusterLimits)
    .values({ ...ref, endRequestedAt: now, state: "watching", updatedAt: now })
    .onConflictDoUpdate({
      target: [clusterLimits.scope, clusterLimits.clusterId],
      set: {
        endRequestedAt: now,
        state: sql`case when ${clusterLimits.state} = 'closed' then 'watching' else ${clusterLimits.state} end`,
        updatedAt: now,
      },
      setWhere: and(isNull(clusterLimits.endRequestedAt), sql`${clusterLimits.state} <> 'enforced'`),
    })
    .returning({ clusterId: clusterLimits.clusterId });
  return rows.length === 1;
}

/** The cluster ended some other way (or vanished): close the guard without a word. */
export async function closeGuard(db: Db, ref: GuardRef): Promise<void> {
  await db
    .update(clusterLimits)
    .set({ state: "closed", leaseUntil: null, problem: null, problemSince: null, updatedAt: new Date() })
    .where(and(atRef(clusterLimits, ref), inArray(clusterLimits.state, ["watching", "enforcing"])));
}

/**
 * Marks a warning stage told (1: 30 minutes before the end, 2: 5 minutes before); true only for its first caller, so
 * each stage is told once per limit setting, and a later stage is never followed by an earlier one.
 */
export async function markWarned(db: Db, ref: GuardRef, stage: 1 | 2 = 1): Promise<boolean> {
  const rows = await db
    .update(clusterLimits)
    .set({ warnedAt: new Date(), warnedStage: stage })
    .where(and(atRef(clusterLimits, ref), lt(clusterLimits.warnedStage, stage)))
    .returning({ clusterId: clusterLimits.clusterId });
  return rows.length === 1;
}

// ───────────────────────────── user defaults ─────────────────────────────

export async function getLimitDefaults(db: Db, userId: string): Promise<Limits> {
  const [row] = await db.select().from(userLimitDefaults).where(eq(userLimitDefaults.userId, userId));
  return {
    timeLimitMinutes: row?.timeLimitMinutes ?? null,
    budgetLimit: row?.budgetCents == null ? null : row.budgetCents / 100,
  };
}

export async function setLimitDefaults(db: Db, userId: string, l: Limits): Promise<void> {
  const values = {
    timeLimitMinutes: l.timeLimitMinutes,
    budgetCents: toCents(l.budgetLimit),
    updatedAt: new Date(),
  };
  await db
    .insert(userLimitDefaults)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userLimitDefaults.userId, set: values });
}
