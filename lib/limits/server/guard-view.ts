import "server-only";
import type { GuardView } from "@/lib/limits/limit-view";
import type { ListLedger } from "@/lib/spend/list-ledger-view";
import { isClusterId } from "@/lib/runcrate/cluster-id";
import { getDb } from "@/lib/server/db/client";
import { getTracked, guardRef, segmentsThroughKey } from "@/lib/spend/server/tracked-clusters";
import { limitsOfCluster } from "@/lib/limits/server/cluster-limits";
import { listLedgerOf } from "@/lib/spend/server/list-ledger";
import { maxTimeLimitMinutes } from "./worker";

/**
 * Who reads a cluster's record: the person, and the key they work with. The record read is the one followed through
 * that key (a cluster id says nothing outside its workspace): theirs, or their team's when a colleague launched it.
 */
export type RecordReader = { userId: string; keyId: string };

/** What the cluster page shows about a cluster's limits and its spend record. */
export async function guardViewOf(reader: RecordReader, clusterId: string): Promise<GuardView> {
  const ceilingMinutes = maxTimeLimitMinutes();
  if (!isClusterId(clusterId)) return { limits: null, segments: [], ceilingMinutes, tracked: false };
  const db = await getDb();
  const ref = guardRef(reader.keyId, clusterId);
  const tracked = await getTracked(db, ref);
  // Followed through the reader's key: a cluster of the workspace they work in, whoever in it launched it.
  if (!tracked) return { limits: null, segments: [], ceilingMinutes, tracked: false };
  const [limits, segments] = await Promise.all([
    limitsOfCluster(db, ref),
    segmentsThroughKey(db, reader.keyId, [clusterId]),
  ]);
  return {
    tracked: true,
    ceilingMinutes,
    segments: segments.get(clusterId) ?? [],
    limits: limits && {
      timeLimitMinutes: limits.timeLimitMinutes,
      budgetLimit: limits.budgetLimit,
      state: limits.state,
      reason: limits.reason,
      enforcedAt: limits.enforcedAt?.toISOString() ?? null,
      warnedAt: limits.warnedAt?.toISOString() ?? null,
      problem: limits.problem,
      problemSince: limits.problemSince?.toISOString() ?? null,
    },
  };
}

/** The guard view with the instant it was read at, for the server-rendered limits line. */
export async function guardViewNow(
  reader: RecordReader,
  clusterId: string,
): Promise<{ view: GuardView; now: number }> {
  const view = await guardViewOf(reader, clusterId);
  return { view, now: Date.now() };
}

/** The cluster list's spend record of the reader's finished clusters (GET /api/clusters/ledger). */
export async function listLedgerView(reader: RecordReader): Promise<ListLedger> {
  return listLedgerOf(await getDb(), reader);
}
