import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { launchRecords, type LaunchRecordRow } from "@/lib/server/db/schema";

/** What a launch from this console asked for ("Launch again"). One row per user and cluster. */
export async function saveLaunchRecord(
  db: Db,
  r: {
    userId: string;
    teamId: string;
    clusterId: string;
    clusterName: string;
    offerId: string;
    values: Record<string, unknown>;
  },
): Promise<void> {
  await db
    .insert(launchRecords)
    .values(r)
    .onConflictDoUpdate({
      target: [launchRecords.userId, launchRecords.clusterId],
      set: { clusterName: r.clusterName, offerId: r.offerId, values: r.values },
    });
}

export async function findLaunchRecord(
  db: Db,
  userId: string,
  clusterId: string,
): Promise<LaunchRecordRow | null> {
  const [row] = await db
    .select()
    .from(launchRecords)
    .where(and(eq(launchRecords.userId, userId), eq(launchRecords.clusterId, clusterId)))
    .limit(1);
  return row ?? null;
}
