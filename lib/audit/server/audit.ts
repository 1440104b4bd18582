import "server-only";
import { headers } from "next/headers";
import { getDb } from "@/lib/server/db/client";
import { insertAudit, insertLaunchAuditOnce } from "@/lib/audit/server/audit-log";
import { errorSummary } from "@/lib/server/db/errors";
import type { AuditAction } from "@/lib/vocabulary/audit-actions";
import { requestLog } from "@/lib/server/request-log";
import { clientAddress } from "@/lib/server/client-address";

/** The client address of the request being answered, or null outside one (the guardian's jobs). */
async function requestAddress(): Promise<string | null> {
  try {
    return clientAddress(await headers());
  } catch {
    return null;
  }
}

/**
 * Records who launched, resized, tested or terminated which cluster, with which key label (never the key).
 * Never throws: the Runcrate call it documents already happened, and failing the user's action now would invite
 * a retry that repeats it. A failure to write is logged instead.
 */
export async function recordAudit(e: {
  userId: string;
  /** The team the person acted in: its log shows the entry to its members. */
  teamId: string | null;
  action: AuditAction;
  clusterId: string | null;
  clusterName: string | null;
  keyLabel: string;
  detail?: string;
}): Promise<void> {
  try {
    const db = await getDb();
    const entry = { ...e, address: await requestAddress() };
    // One launch entry per cluster: the same intent answered twice (a retry on another instance) is one launch.
    if (entry.action === "launch" && entry.clusterId)
      await insertLaunchAuditOnce(db, { ...entry, action: "launch", clusterId: entry.clusterId });
    else await insertAudit(db, entry);
  } catch (err) {
    (await requestLog("audit")).error(
      { action: e.action, clusterId: e.clusterId, err: errorSummary(err) },
      "audit entry not recorded",
    );
  }
}
