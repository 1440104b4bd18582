import "server-only";
import { clusterHistory, type HistoryItem } from "@/lib/audit/audit";
import { listAudit } from "@/lib/audit/server/audit-log";
import { listUserClusterEventRows } from "@/lib/clusters/server/cluster-events";
import { getDb } from "@/lib/server/db/client";

/** One cluster's history for the audit page: the user's entries for it beside the events kept for it. */
export async function readClusterHistory(
  userId: string,
  clusterId: string,
): Promise<{ name: string; items: HistoryItem[] }> {
  const db = await getDb();
  const [entries, events] = await Promise.all([
    listAudit(db, userId, { clusterId }),
    listUserClusterEventRows(db, userId, clusterId),
  ]);
  const name = entries.find((e) => e.clusterName)?.clusterName ?? clusterId;
  return {
    name,
    items: clusterHistory(
      entries.map((e) => ({ ...e, at: e.createdAt.toISOString() })),
      events,
    ),
  };
}
