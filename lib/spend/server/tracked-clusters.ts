import "server-only";
import { and, asc, desc, eq, inArray, ne, or, type Column, type SQL } from "drizzle-orm";
import { observe, type Observation, type RateSegment } from "@/lib/spend/ledger";
import type { Db } from "@/lib/server/db/client";
import {
  clusterLimits,
  clusterRateSegments,
  clusterStatusTransitions,
  stillRunning,
  trackedClusters,
  type TrackedClusterRow,
} from "@/lib/server/db/schema";

/**
 * The spend record: the clusters the guardian follows, whose they are, and what each was billed at over time (rate
 * segments) and when its status changed. The spending limits on them are cluster-limits.ts.
 */

/**
 * One followed cluster: the stored key it was first followed through (its scope, kept after that key is deleted) and
 * its Runcrate id. Runcrate's ids need only be unique within a workspace (the simulator's numeric-ids variant hands out
 * 101, 102 … in each), so every row of the guardian — the cluster, its limits, rates and status changes, its guard
 * job — is keyed by both.
 */
export type GuardRef = { scope: string; clusterId: string };

/** The ref of a cluster read through a stored key: what a row made now through that key is keyed by. */
export function guardRef(keyId: string, clusterId: string): GuardRef {
  return { scope: keyId, clusterId };
}

/** One string per ref, for maps and job keys (a key id is a UUID, so the first colon separates). */
export function refKey(ref: GuardRef): string {
  return `${ref.scope}:${ref.clusterId}`;
}

/** A guardian table: every one carries the followed cluster's scope and id. */
type RefColumns = { scope: Column; clusterId: Column };

/** The rows of a guardian table that are this followed cluster's. */
export function atRef(table: RefColumns, ref: GuardRef): SQL | undefined {
  return and(eq(table.scope, ref.scope), eq(table.clusterId, ref.clusterId));
}

/** A join's condition: the rows of two guardian tables that are the same followed cluster's. */
export function sameRef(a: RefColumns, b: RefColumns): SQL | undefined {
  return and(eq(a.scope, b.scope), eq(a.clusterId, b.clusterId));
}

/**
 * Starts following a cluster for a user through a key. Returns whether the cluster is followed for *them*: true when
 * the row is new or already theirs. False, changing nothing, when the row of this key and id is someone else's (a
 * teammate's launch through the team's key), or when the same person follows a running cluster of this id through
 * another key of theirs: most likely the same workspace reached twice, whose limits and spend would otherwise count
 * twice. A caller told false says the cluster is not guarded.
 */
export async function trackCluster(
  db: Db,
  c: {
    clusterId: string;
    userId: string;
    keyId: string;
    name: string;
    environment: string | null;
    status: string;
    gpuType?: string | null;
    gpusPerNode?: number | null;
  },
): Promise<boolean> {
  const ref = guardRef(c.keyId, c.clusterId);
  const [elsewhere] = await db
    .select({ scope: trackedClusters.scope })
    .from(trackedClusters)
    .where(
      and(
        eq(trackedClusters.clusterId, c.clusterId),
        eq(trackedClusters.userId, c.userId),
        ne(trackedClusters.scope, ref.scope),
        stillRunning,
      ),
    )
    .limit(1);
  if (elsewhere) return false;
  const inserted = await db
    .insert(trackedClusters)
    .values({ ...c, scope: ref.scope })
    .onConflictDoNothing({ target: [trackedClusters.scope, trackedClusters.clusterId] })
    .returning({ clusterId: trackedClusters.clusterId });
  if (inserted.length === 1) return true;
  // A row under this key has this key (a deleted key's rows keep a scope no key has again): whose is the question.
  return (await getTracked(db, ref))?.userId === c.userId;
}

export async function getTracked(db: Db, ref: GuardRef): Promise<TrackedClusterRow | null> {
  const [row] = await db.select().from(trackedClusters).where(atRef(trackedClusters, ref));
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

/** The rate segments `where` selects, oldest first, grouped by `keyOf` (clusters without any are absent). */
async function segmentsBy(
  db: Db,
  where: SQL | undefined,
  keyOf: (r: typeof clusterRateSegments.$inferSelect) => string,
): Promise<Map<string, RateSegment[]>> {
  const rows = await db.select().from(clusterRateSegments).where(where).orderBy(asc(clusterRateSegments.seq));
  const out = new Map<string, RateSegment[]>();
  for (const r of rows) {
    const key = keyOf(r);
    const list = out.get(key) ?? [];
    list.push(toSegment(r));
    out.set(key, list);
  }
  return out;
}

/** Rate segments per followed cluster, keyed by `refKey`. */
export async function segmentsOf(db: Db, refs: readonly GuardRef[]): Promise<Map<string, RateSegment[]>> {
  if (refs.length === 0) return new Map();
  return segmentsBy(db, or(...refs.map((r) => atRef(clusterRateSegments, r))), refKey);
}

/** Rate segments of clusters read through one key, keyed by their ids: what a list read through that key shows. */
export async function segmentsThroughKey(
  db: Db,
  keyId: string,
  clusterIds: readonly string[],
): Promise<Map<string, RateSegment[]>> {
  if (clusterIds.length === 0) return new Map();
  return segmentsBy(
    db,
    and(eq(clusterRateSegments.scope, keyId), inArray(clusterRateSegments.clusterId, [...clusterIds])),
    (r) => r.clusterId,
  );
}

/**
 * Folds one read of a tracked cluster into its record: the status transition when the status changed, the rate
 * segments (lib/spend/ledger.ts observe), billing start and end. One transaction, the row locked, so two instances
 * observing at once write one consistent history. Returns the segments after the observation.
 */
export async function recordObservation(
  db: Db,
  ref: GuardRef,
  o: Observation & { status: string; name: string; gpuType?: string; gpusPerNode?: number },
): Promise<RateSegment[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(trackedClusters).where(atRef(trackedClusters, ref)).for("update");
    if (!row) return [];
    const oldRows = await tx
      .select()
      .from(clusterRateSegments)
      .where(atRef(clusterRateSegments, ref))
      .orderBy(asc(clusterRateSegments.seq));
    const before = oldRows.map(toSegment);
    const after = observe(before, o);
    for (let i = 0; i < after.length; i++) {
      const s = after[i]!;
      const old = before[i];
      if (!old) {
        await tx.insert(clusterRateSegments).values({
          ...ref,
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
        .values({ ...ref, fromStatus: row.status, toStatus: o.status, at: new Date(o.at) });
    }
    await tx
      .update(trackedClusters)
      .set({
        status: o.status,
        name: o.name,
        ...(o.gpuType !== undefined ? { gpuType: o.gpuType } : {}),
        ...(o.gpusPerNode !== undefined ? { gpusPerNode: o.gpusPerNode } : {}),
        billedSince: o.billedSince === null ? row.billedSince : new Date(o.billedSince),
        endedAt: o.endedAt === null ? row.endedAt : new Date(o.endedAt),
        lastSeenAt: new Date(o.at),
      })
      .where(atRef(trackedClusters, ref));
    return after;
  });
}

export async function statusTransitionsOf(db: Db, ref: GuardRef) {
  return db
    .select()
    .from(clusterStatusTransitions)
    .where(atRef(clusterStatusTransitions, ref))
    .orderBy(asc(clusterStatusTransitions.at), asc(clusterStatusTransitions.id));
}

/** Tracked clusters still running (by what the guardian last saw), or with a guard still open: each needs a job. */
export async function activeTracked(db: Db): Promise<GuardRef[]> {
  return db
    .select({ scope: trackedClusters.scope, clusterId: trackedClusters.clusterId })
    .from(trackedClusters)
    .leftJoin(clusterLimits, sameRef(clusterLimits, trackedClusters))
    .where(or(stillRunning, inArray(clusterLimits.state, ["watching", "enforcing"])));
}

/** A user's tracked clusters (for the spend page), newest first. */
export async function trackedOfUser(db: Db, userId: string): Promise<TrackedClusterRow[]> {
  return db
    .select()
    .from(trackedClusters)
    .where(eq(trackedClusters.userId, userId))
    .orderBy(desc(trackedClusters.firstSeenAt));
}
