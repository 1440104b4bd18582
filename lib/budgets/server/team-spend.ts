import "server-only";
import { and, eq, exists, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import {
  clusterLimits,
  clusterRateSegments,
  launchHolds,
  launchRecords,
  runcrateKeys,
  stillRunning,
  trackedClusters,
} from "@/lib/server/db/schema";
import { refKey, sameRef, segmentsOf } from "@/lib/spend/server/tracked-clusters";
import { openRate } from "@/lib/spend/ledger";
import type { BudgetCluster, PendingLaunch } from "@/lib/budgets/budget";

/**
 * A team's clusters as its rules and budgets count them: the ones the guardian follows through the team's keys that
 * still run or were billed since `since`, each its launcher's (its launch record here, else whoever the guardian
 * follows it for), at the rate the guardian bills it or, until billing starts, the rate its launch held; and the
 * launches on their way (holds Runcrate has not answered, until they lapse).
 */
export async function teamClusters(
  db: Db,
  teamId: string,
  since: number,
  now: number,
): Promise<{ clusters: BudgetCluster[]; pending: PendingLaunch[] }> {
  const billedSince = exists(
    db
      .select({ one: clusterRateSegments.id })
      .from(clusterRateSegments)
      .where(
        and(
          sameRef(clusterRateSegments, trackedClusters),
          or(isNull(clusterRateSegments.toAt), gt(clusterRateSegments.toAt, new Date(since))),
        ),
      ),
  );
  const rows = await db
    .select({
      scope: trackedClusters.scope,
      clusterId: trackedClusters.clusterId,
      name: trackedClusters.name,
      gpuType: trackedClusters.gpuType,
      gpusPerNode: trackedClusters.gpusPerNode,
      launcher: launchRecords.userId,
      follower: trackedClusters.userId,
      running: sql<boolean>`(${stillRunning})`,
      billedSince: trackedClusters.billedSince,
      heldRate: launchHolds.hourlyRate,
      timeLimitMinutes: clusterLimits.timeLimitMinutes,
      budgetCents: clusterLimits.budgetCents,
    })
    .from(trackedClusters)
    .innerJoin(runcrateKeys, eq(runcrateKeys.id, trackedClusters.keyId))
    .leftJoin(
      launchRecords,
      and(
        eq(launchRecords.teamId, runcrateKeys.teamId),
        eq(launchRecords.clusterId, trackedClusters.clusterId),
      ),
    )
    .leftJoin(
      launchHolds,
      and(eq(launchHolds.teamId, runcrateKeys.teamId), eq(launchHolds.clusterId, trackedClusters.clusterId)),
    )
    .leftJoin(clusterLimits, sameRef(clusterLimits, trackedClusters))
    .where(and(eq(runcrateKeys.teamId, teamId), or(stillRunning, billedSince)));
  const segments = await segmentsOf(db, rows);
  const clusters = rows.map((r): BudgetCluster => {
    const s = segments.get(refKey(r)) ?? [];
    const running = Boolean(r.running);
    return {
      scope: r.scope,
      clusterId: r.clusterId,
      name: r.name,
      owner: r.launcher ?? r.follower,
      segments: s,
      running,
      rate: running ? openRate(s) || (r.heldRate ?? 0) : 0,
      billedSince: r.billedSince?.getTime() ?? null,
      timeLimitMinutes: r.timeLimitMinutes ?? null,
      budgetLimit: r.budgetCents === null || r.budgetCents === undefined ? null : r.budgetCents / 100,
      gpuType: r.gpuType,
      gpusPerNode: r.gpusPerNode,
    };
  });
  const pending = await db
    .select({
      owner: launchHolds.userId,
      rate: launchHolds.hourlyRate,
      timeLimitMinutes: launchHolds.timeLimitMinutes,
    })
    .from(launchHolds)
    .where(
      and(
        eq(launchHolds.teamId, teamId),
        isNull(launchHolds.clusterId),
        gt(launchHolds.expiresAt, new Date(now)),
      ),
    );
  return { clusters, pending };
}
