import "server-only";
import { getDb } from "@/lib/server/db/client";
import { insertAudit, insertLaunchAuditOnce, listAudit } from "@/lib/audit/server/audit-log";
import { listUserClusterEventRows } from "@/lib/clusters/server/cluster-events";
import { errorSummary } from "@/lib/server/db/errors";
import { clusterHistory, type AuditAction, type HistoryItem } from "@/lib/audit/audit";
import { requestLog } from "@/lib/server/request-log";

/**
 * Records who launched, resized, tested or terminated which cluster, with which key label (never the key).
 * Never throws: the Runcrate call it documents already happened, and failing the user's action now would invite
 * a retry that repeats it. A failure to write is logged instead.
 */
export async function recordAudit(e: {
  userId: string;
  action: AuditAction;
  clusterId: string | null;
  clusterName: string | null;
  keyLabel: string;
  detail?: string;
}): Promise<void> {
  try {
    const db = await getDb();
    // One launch entry per cluster: the same intent answered twice (a retry on another instance) is one launch.
    if (e.action === "launch" && e.clusterId)
      await insertLaunchAuditOnce(db, { ...e, action: "launch", clusterId: e.clusterId });
    else await insertAudit(db, e);
  } catch (err) {
    (await requestLog("audit")).error(
      { action: e.action, clusterId: e.clusterId, err: errorSummary(err) },
      "audit entry not recorded",
    );
  }
}

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
