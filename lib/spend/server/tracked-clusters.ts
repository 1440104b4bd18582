import "server-only";
import { and, asc, desc, eq, inArray, isNull, notInArray, or } from "drizzle-orm";
import { observe, type Observation, type RateSegment } from "@/lib/spend/ledger";
import type { Db } from "@/lib/server/db/client";
import {
  clusterLimits,
  clusterRateSegments,
  clusterStatusTransitions,
  trackedClusters,
  type TrackedClusterRow,
} from "@/lib/server/db/schema";

/**
 * The spend record: the clusters the guardian follows, whose they are, and what each was billed at over time (rate
 * segments) and when its status changed. The spending limits on them are cluster-limits.ts.
 */

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
    gpuType?: string | null;
    gpusPerNode?: number | null;
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
function followedFor(row: Pick<TrackedClusterRow, "userId" | "keyId">, userId: string, keyId: string | null) {
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
 * segments (lib/spend/ledger.ts observe), billing start and end. One transaction, the row locked, so two instances
 * observing at once write one consistent history. Returns the segments after the observation.
 */
export async function recordObservation(
  db: Db,
  clusterId: string,
  o: Observation & { status: string; name: string; gpuType?: string; gpusPerNode?: number },
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
        ...(o.gpuType !== undefined ? { gpuType: o.gpuType } : {}),
        ...(o.gpusPerNode !== undefined ? { gpusPerNode: o.gpusPerNode } : {}),
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

/** A followed cluster that has not ended: no end recorded, and its last status is neither terminated nor failed. */
export const stillRunning = and(
  isNull(trackedClusters.endedAt),
  notInArray(trackedClusters.status, ["terminated", "failed"]),
);

/** Tracked clusters still running (by what the guardian last saw), or with a guard still open: each needs a job. */
export async function activeTracked(db: Db): Promise<string[]> {
  const rows = await db
    .select({ clusterId: trackedClusters.clusterId })
    .from(trackedClusters)
    .leftJoin(clusterLimits, eq(clusterLimits.clusterId, trackedClusters.clusterId))
    .where(or(stillRunning, inArray(clusterLimits.state, ["watching", "enforcing"])));
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
