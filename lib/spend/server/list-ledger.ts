import "server-only";
import { and, desc, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { ListLedger } from "@/lib/spend/list-ledger-view";
import type { Db } from "@/lib/server/db/client";
import { sameRef, segmentsThroughKey } from "./tracked-clusters";
import { clusterLimits, trackedClusters } from "@/lib/server/db/schema";

/** How many finished clusters the list's record covers (newest first): more than a list page ever shows. */
export const LIST_LEDGER_MAX = 500;

/**
 * The cluster list's view of the spend record: for a user's tracked clusters that have ended (by the
 * guardian's last sight, or enforced by it), their rate segments and, when the guardian ended them, which limit.
 */
export async function listLedgerOf(db: Db, reader: { userId: string; keyId: string }): Promise<ListLedger> {
  const rows = await db
    .select({
      clusterId: trackedClusters.clusterId,
      state: clusterLimits.state,
      reason: clusterLimits.reason,
    })
    .from(trackedClusters)
    .leftJoin(clusterLimits, sameRef(clusterLimits, trackedClusters))
    .where(
      and(
        // Followed through the key they work with (a colleague's too, in a team): the workspace the list is of.
        eq(trackedClusters.scope, reader.keyId),
        or(
          isNotNull(trackedClusters.endedAt),
          inArray(trackedClusters.status, ["terminated", "failed", "terminating"]),
          eq(clusterLimits.state, "enforced"),
        ),
      ),
    )
    .orderBy(desc(trackedClusters.firstSeenAt))
    .limit(LIST_LEDGER_MAX);
  const segments = await segmentsThroughKey(
    db,
    reader.keyId,
    rows.map((r) => r.clusterId),
  );
  const out: ListLedger = {};
  for (const r of rows)
    out[r.clusterId] = {
      segments: segments.get(r.clusterId) ?? [],
      autoTerminated: r.state === "enforced" ? (r.reason ?? "limit") : null,
    };
  return out;
}
