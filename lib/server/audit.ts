import "server-only";
import { getDb } from "@/lib/server/db/client";
import { insertAudit } from "@/lib/server/db/audit-log";
import type { AuditAction } from "@/lib/audit";
import { errorSummary } from "@/lib/server/db/errors";

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
    await insertAudit(await getDb(), e);
  } catch (err) {
    console.error(`[audit] could not record ${e.action} of ${e.clusterId ?? "?"}: ${errorSummary(err)}`);
  }
}
