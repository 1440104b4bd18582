import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { clusterEvents, runcrateKeys } from "@/lib/server/db/schema";

export type ClusterEventRow = typeof clusterEvents.$inferSelect;
export type ClusterEventInput = Omit<ClusterEventRow, "recordedAt">;

/** Keeps events not kept yet; an event already kept (same key, cluster and id) is left as it was first seen. */
export async function insertClusterEvents(db: Db, rows: readonly ClusterEventInput[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(clusterEvents)
    .values([...rows])
    .onConflictDoNothing();
}

/** A cluster's kept events for one key, oldest first. */
export async function listClusterEventRows(
  db: Db,
  keyId: string,
  clusterId: string,
): Promise<ClusterEventRow[]> {
  return db
    .select()
    .from(clusterEvents)
    .where(and(eq(clusterEvents.keyId, keyId), eq(clusterEvents.clusterId, clusterId)))
    .orderBy(asc(clusterEvents.eventId));
}

/**
 * A cluster's kept events under any of the user's keys, oldest first: the audit's view of one cluster. Only the
 * user's own keys: another person's workspace, and what happened in it, stays theirs.
 */
export async function listUserClusterEventRows(
  db: Db,
  userId: string,
  clusterId: string,
): Promise<ClusterEventRow[]> {
  const rows = await db
    .select({ event: clusterEvents })
    .from(clusterEvents)
    .innerJoin(runcrateKeys, eq(runcrateKeys.id, clusterEvents.keyId))
    .where(and(eq(runcrateKeys.userId, userId), eq(clusterEvents.clusterId, clusterId)))
    .orderBy(asc(clusterEvents.eventId));
  return rows.map((r) => r.event);
}
