import "server-only";
import { getDb } from "@/lib/server/db/client";
import { insertAudit, insertLaunchAuditOnce } from "@/lib/audit/server/audit-log";
import { errorSummary } from "@/lib/server/db/errors";
import type { AuditAction } from "@/lib/audit/audit";
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
