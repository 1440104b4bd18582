import "server-only";
import { and, asc, desc, eq, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import { observe, type Limits, type Observation, type RateSegment } from "@/lib/cost/ledger";
import { openKey, type KeyRing } from "@/lib/server/crypto/key-ring";
import type { Db } from "./client";
import { insertAudit, type AuditInput } from "./audit-log";
import {
  clusterLimits,
  clusterRateSegments,
  clusterStatusTransitions,
  inboxEntries,
  runcrateKeys,
  trackedClusters,
  userLimitDefaults,
  type ClusterLimitsRow,
  type InboxRow,
  type TrackedClusterRow,
} from "./schema";

/**
 * The data layer of spending limits: tracked clusters and their spend record (rate segments, status transitions), the
 * limits and the guardian's enforcement state, the notification inbox and users' default limits.
 */

// ───────────────────────────── tracked clusters and the ledger ─────────────────────────────

/**
 * Starts following a cluster for a user and key. Returns whether the cluster is followed for *them*: true when the row
 * is new or already theirs, false when the id is already followed for another user or another key. Runcrate's ids
 * need not be unique across workspaces (the simulator's numeric-ids variant hands out 101, 102 … per workspace), so
 * an id alone does not say whose cluster it is; a caller told false changes nothing of the other row (no limits, no
 * guard) and says the cluster is not guarded.
 */
export async function trackCluster(
  db: Db,
  c: {
    clusterId: string;
    userId: string;
    keyId: string | null;
    name: string;
    environment: string | null;
    status: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(trackedClusters)
    .values({ ...c })
    .onConflictDoNothing({ target: trackedClusters.clusterId })
    .returning({ clusterId: trackedClusters.clusterId });
  if (inserted.length === 1) return true;
  const row = await getTracked(db, c.clusterId);
  return row !== null && followedFor(row, c.userId, c.keyId);
}

/**
 * Whether a tracked row is this user's through this key. A row whose key was deleted (key id null) is nobody's to
 * take over: a new key may be another workspace whose cluster merely has the same id.
 */
export function followedFor(
  row: Pick<TrackedClusterRow, "userId" | "keyId">,
  userId: string,
  keyId: string | null,
) {
  return row.userId === userId && row.keyId !== null && row.keyId === keyId;
}

export async function getTracked(db: Db, clusterId: string): Promise<TrackedClusterRow | null> {
  const [row] = await db.select().from(trackedClusters).where(eq(trackedClusters.clusterId, clusterId));
  return row ?? null;
}

function toSegment(r: typeof clusterRateSegments.$inferSelect): RateSegment {
  return {
    ratePerNode: r.ratePerNode,
    nodes: r.nodes,
    from: r.fromAt.getTime(),
    to: r.toAt?.getTime() ?? null,
  };
}

/** Rate segments per cluster, oldest first. Clusters without any are absent from the map. */
export async function segmentsOf(db: Db, clusterIds: readonly string[]): Promise<Map<string, RateSegment[]>> {
  const out = new Map<string, RateSegment[]>();
  if (clusterIds.length === 0) return out;
  const rows = await db
    .select()
    .from(clusterRateSegments)
    .where(inArray(clusterRateSegments.clusterId, [...clusterIds]))
    .orderBy(asc(clusterRateSegments.clusterId), asc(clusterRateSegments.seq));
  for (const r of rows) {
    const list = out.get(r.clusterId) ?? [];
    list.push(toSegment(r));
    out.set(r.clusterId, list);
  }
  return out;
}

/**
 * Folds one read of a tracked cluster into its record: the status transition when the status changed, the rate
 * segments (lib/cost/ledger.ts observe), billing start and end. One transaction, the row locked, so two instances
 * observing at once write one consistent history. Returns the segments after the observation.
 */
export async function recordObservation(
  db: Db,
  clusterId: string,
  o: Observation & { status: string; name: string },
): Promise<RateSegment[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(trackedClusters)
      .where(eq(trackedClusters.clusterId, clusterId))
      .for("update");
    if (!row) return [];
    const oldRows = await tx
      .select()
      .from(clusterRateSegments)
      .where(eq(clusterRateSegments.clusterId, clusterId))
      .orderBy(asc(clusterRateSegments.seq));
    const before = oldRows.map(toSegment);
    const after = observe(before, o);
    for (let i = 0; i < after.length; i++) {
      const s = after[i]!;
      const old = before[i];
      if (!old) {
        await tx.insert(clusterRateSegments).values({
          clusterId,
          seq: i,
          ratePerNode: s.ratePerNode,
          nodes: s.nodes,
          fromAt: new Date(s.from),
          toAt: s.to === null ? null : new Date(s.to),
        });
      } else if (old.to !== s.to) {
        await tx
          .update(clusterRateSegments)
          .set({ toAt: s.to === null ? null : new Date(s.to) })
          .where(eq(clusterRateSegments.id, oldRows[i]!.id));
      }
    }
    if (row.status !== o.status) {
      await tx
        .insert(clusterStatusTransitions)
        .values({ clusterId, fromStatus: row.status, toStatus: o.status, at: new Date(o.at) });
    }
    await tx
      .update(trackedClusters)
      .set({
        status: o.status,
        name: o.name,
        billedSince: o.billedSince === null ? row.billedSince : new Date(o.billedSince),
        endedAt: o.endedAt === null ? row.endedAt : new Date(o.endedAt),
        lastSeenAt: new Date(o.at),
      })
      .where(eq(trackedClusters.clusterId, clusterId));
    return after;
  });
}

export async function statusTransitionsOf(db: Db, clusterId: string) {
  return db
    .select()
    .from(clusterStatusTransitions)
    .where(eq(clusterStatusTransitions.clusterId, clusterId))
    .orderBy(asc(clusterStatusTransitions.at), asc(clusterStatusTransitions.id));
}

/** Tracked clusters still running (by what the guardian last saw), or with a guard still open: each needs a job. */
export async function activeTracked(db: Db): Promise<string[]> {
  const rows = await db
    .select({ clusterId: trackedClusters.clusterId })
    .from(trackedClusters)
    .leftJoin(clusterLimits, eq(clusterLimits.clusterId, trackedClusters.clusterId))
    .where(
      or(
        and(isNull(trackedClusters.endedAt), notInArray(trackedClusters.status, ["terminated", "failed"])),
        inArray(clusterLimits.state, ["watching", "enforcing"]),
      ),
    );
  return rows.map((r) => r.clusterId);
}

/** A user's tracked clusters (for the spend page), newest first. */
export async function trackedOfUser(db: Db, userId: string): Promise<TrackedClusterRow[]> {
  return db
    .select()
    .from(trackedClusters)
    .where(eq(trackedClusters.userId, userId))
    .orderBy(desc(trackedClusters.firstSeenAt));
}

// ───────────────────────────── limits ─────────────────────────────

export type ClusterLimitsView = Limits & {
  state: ClusterLimitsRow["state"];
  reason: ClusterLimitsRow["reason"];
  enforcedAt: Date | null;
  warnedAt: Date | null;
  problem: string | null;
  problemSince: Date | null;
  attempts: number;
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
  };
}

export function toCents(dollars: number | null): number | null {
  return dollars === null ? null : Math.round(dollars * 100);
}

/**
 * Sets (or removes, with both null) a cluster's limits. New limits re-arm a closed guard and clear an earlier
 * warning; an enforced cluster keeps its record. The cluster must be tracked first.
 */
export async function setLimits(db: Db, clusterId: string, limits: Limits): Promise<ClusterLimitsView> {
  const none = limits.timeLimitMinutes === null && limits.budgetLimit === null;
  const values = {
    timeLimitMinutes: limits.timeLimitMinutes,
    budgetCents: toCents(limits.budgetLimit),
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(clusterLimits)
    .values({ clusterId, ...values, state: none ? "closed" : "watching" })
    .onConflictDoUpdate({
      target: clusterLimits.clusterId,
      set: {
        ...values,
        warnedAt: null,
        state: sql`case when ${clusterLimits.state} = 'enforced' then 'enforced' when ${none}::boolean then 'closed' when ${clusterLimits.state} = 'enforcing' then 'enforcing' else 'watching' end`,
      },
    })
    .returning();
  return limitsView(row!);
}

/** The limits of one cluster, or null when it has none. Scoped to the user when `userId` is given. */
export async function limitsOfCluster(
  db: Db,
  clusterId: string,
  userId?: string,
): Promise<ClusterLimitsView | null> {
  const [row] = await db
    .select({ limits: clusterLimits })
    .from(clusterLimits)
    .innerJoin(trackedClusters, eq(trackedClusters.clusterId, clusterLimits.clusterId))
    .where(
      userId === undefined
        ? eq(clusterLimits.clusterId, clusterId)
        : and(eq(clusterLimits.clusterId, clusterId), eq(trackedClusters.userId, userId)),
    );
  return row ? limitsView(row.limits) : null;
}

/** Clusters whose guard is still open (watching or enforcing): what a starting worker makes sure is scheduled. */
export async function openGuards(db: Db): Promise<string[]> {
  const rows = await db
    .select({ clusterId: clusterLimits.clusterId })
    .from(clusterLimits)
    .where(inArray(clusterLimits.state, ["watching", "enforcing"]));
  return rows.map((r) => r.clusterId);
}

/**
 * Claims the right to terminate: exactly one caller wins while the guard is watching, or while a previous
 * claim's lease has run out (its holder died or its DELETE failed). The lease bounds how long a dead holder blocks.
 */
export async function claimEnforcement(
  db: Db,
  clusterId: string,
  reason: "time" | "budget",
  leaseMs: number,
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(clusterLimits)
    .set({ state: "enforcing", reason, leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(
      and(
        eq(clusterLimits.clusterId, clusterId),
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
  clusterId: string,
  audit: AuditInput,
  inbox: { message: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(clusterLimits)
      .set({ state: "enforced", enforcedAt: new Date(), leaseUntil: null, problem: null, problemSince: null })
      .where(and(eq(clusterLimits.clusterId, clusterId), eq(clusterLimits.state, "enforcing")))
      .returning({ clusterId: clusterLimits.clusterId });
    if (rows.length !== 1) return false;
    await insertAudit(tx, audit);
    await tx
      .insert(inboxEntries)
      .values({
        userId: audit.userId,
        kind: "auto-terminated",
        clusterId,
        clusterName: audit.clusterName,
        message: inbox.message,
        dedupe: `auto-terminated:${clusterId}`,
      })
      .onConflictDoNothing();
    return true;
  });
}

/**
 * Enforcement failed (key gone, API refused): say so and let the next attempt claim again at once. The inbox gets
 * one entry per cluster for it, not one per retry.
 */
export async function enforcementFailed(
  db: Db,
  clusterId: string,
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
    .where(eq(clusterLimits.clusterId, clusterId))
    .returning({ attempts: clusterLimits.attempts });
  await addInbox(db, {
    userId,
    kind: "limit-unenforced",
    clusterId,
    clusterName,
    message: `The limit on ${clusterName} could not be enforced: ${problem} Clusterdeck keeps trying.`,
    dedupe: `limit-unenforced:${clusterId}`,
  });
  return row?.attempts ?? 0;
}

/** A read failed while a limit is near or reached: the same loud problem, without touching the claim. */
export async function setProblem(db: Db, clusterId: string, problem: string | null): Promise<number> {
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
    .where(eq(clusterLimits.clusterId, clusterId))
    .returning({ attempts: clusterLimits.attempts });
  return row?.attempts ?? 0;
}

/** The cluster ended some other way (or vanished): close the guard without a word. */
export async function closeGuard(db: Db, clusterId: string): Promise<void> {
  await db
    .update(clusterLimits)
    .set({ state: "closed", leaseUntil: null, problem: null, problemSince: null, updatedAt: new Date() })
    .where(
      and(eq(clusterLimits.clusterId, clusterId), inArray(clusterLimits.state, ["watching", "enforcing"])),
    );
}

/** Marks the warning sent; true only for the first caller (so one warning per limit setting). */
export async function markWarned(db: Db, clusterId: string): Promise<boolean> {
  const rows = await db
    .update(clusterLimits)
    .set({ warnedAt: new Date() })
    .where(and(eq(clusterLimits.clusterId, clusterId), isNull(clusterLimits.warnedAt)))
    .returning({ clusterId: clusterLimits.clusterId });
  return rows.length === 1;
}

// ───────────────────────────── the key a guard reads with ─────────────────────────────

/**
 * A stored key by id, decrypted — for the guardian only, right before its one call; never returned further, logged
 * or rendered. Null when the key was deleted.
 */
export async function keySecretById(
  db: Db,
  keyId: string,
  ring: KeyRing,
): Promise<{ id: string; label: string; environment: string | null; apiKey: string } | null> {
  const [row] = await db.select().from(runcrateKeys).where(eq(runcrateKeys.id, keyId)).limit(1);
  if (!row) return null;
  // Opened for the guardian's one call; a stale row is re-sealed when its owner next uses it, not here.
  const { apiKey } = openKey(ring, row);
  return { id: row.id, label: row.label, environment: row.environment, apiKey };
}

// ───────────────────────────── inbox ─────────────────────────────

export async function addInbox(
  db: Db,
  e: {
    userId: string;
    kind: InboxRow["kind"];
    clusterId: string | null;
    clusterName: string | null;
    message: string;
    dedupe: string;
  },
): Promise<boolean> {
  const rows = await db
    .insert(inboxEntries)
    .values({ ...e, message: e.message.slice(0, 500) })
    .onConflictDoNothing()
    .returning({ id: inboxEntries.id });
  return rows.length === 1;
}

export async function listInbox(db: Db, userId: string, limit = 50): Promise<InboxRow[]> {
  return db
    .select()
    .from(inboxEntries)
    .where(eq(inboxEntries.userId, userId))
    .orderBy(desc(inboxEntries.createdAt))
    .limit(limit);
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
