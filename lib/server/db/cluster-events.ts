import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "./client";
import { clusterEvents } from "./schema";

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
