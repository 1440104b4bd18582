import "server-only";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { launchHolds, teams } from "@/lib/server/db/schema";
import type { TeamUsage } from "@/lib/policies/policy";
import type { BudgetCluster, PendingLaunch } from "@/lib/budgets/budget";
import { teamClusters } from "@/lib/budgets/server/team-spend";

/**
 * What runs in a team, for the rules on its clusters together (most running clusters per member, the team's total
 * hourly rate), and the holds that keep two launches at the same moment from both fitting where only one does.
 *
 * A team's running clusters are the ones the guardian follows through the team's keys and has not seen end; each is
 * its launcher's (its launch record here, else whoever the guardian follows it for), at the rate the guardian bills it
 * (its open rate segments) or, until billing starts, the rate its launch held. A launch not yet answered by Runcrate
 * counts through its hold, one cluster at its rate, for `PENDING_MINUTES`.
 */

/** How long a launch may wait on Runcrate before its hold lapses (the create call times out long before). */
export const PENDING_MINUTES = 15;
/** How long an answered launch's hold is kept: the cluster's rate until billing starts, and the retry marker. */
const SETTLED_DAYS = 2;

/** The rules' view of a team's clusters: the ones `userId` has running or launching, and the rate of all. */
export function usageOf(
  t: { clusters: readonly BudgetCluster[]; pending: readonly PendingLaunch[] },
  userId: string,
): TeamUsage {
  let memberClusters = 0;
  let teamHourlyRate = 0;
  for (const c of [...t.clusters.filter((c) => c.running), ...t.pending]) {
    if (c.owner === userId) memberClusters++;
    teamHourlyRate += c.rate;
  }
  return { memberClusters, teamHourlyRate };
}

/** The team's usage as `userId` launching in it sees it, at `now`. */
export async function teamUsage(
  db: Db,
  teamId: string,
  userId: string,
  now = new Date(),
): Promise<TeamUsage> {
  return usageOf(await teamClusters(db, teamId, now.getTime(), now.getTime()), userId);
}

export type LaunchHold = {
  id: string;
  /** false: the same launch (its Idempotency-Key) already holds its place; this is a retry of it. */
  fresh: boolean;
};

/**
 * Runs `check` against the team's usage under a lock on the team, and, where `hold` is given and `check` passes,
 * takes the launch's place before the lock is let go: the next launch in the team counts it. A retry of a launch
 * that already holds its place (same Idempotency-Key) is not checked again: it would otherwise be refused for the
 * cluster it made itself. `check` throws to refuse; nothing is held then.
 */
export async function underTeamLock(
  db: Db,
  teamId: string,
  userId: string,
  check: (tx: Db) => void | Promise<void>,
  hold?: { idempotencyKey: string; hourlyRate: number; timeLimitMinutes?: number | null },
  now = new Date(),
): Promise<LaunchHold | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for("update");
    await tx
      .delete(launchHolds)
      .where(
        and(
          eq(launchHolds.teamId, teamId),
          or(
            and(isNull(launchHolds.clusterId), lt(launchHolds.expiresAt, now)),
            lt(launchHolds.createdAt, new Date(now.getTime() - SETTLED_DAYS * 86_400_000)),
          ),
        ),
      );
    if (hold) {
      const [prior] = await tx
        .select({ id: launchHolds.id })
        .from(launchHolds)
        .where(and(eq(launchHolds.teamId, teamId), eq(launchHolds.idempotencyKey, hold.idempotencyKey)));
      if (prior) return { id: prior.id, fresh: false };
    }
    await check(tx);
    if (!hold) return null;
    const [row] = await tx
      .insert(launchHolds)
      .values({
        teamId,
        userId,
        idempotencyKey: hold.idempotencyKey,
        hourlyRate: hold.hourlyRate,
        timeLimitMinutes: hold.timeLimitMinutes ?? null,
        expiresAt: new Date(now.getTime() + PENDING_MINUTES * 60_000),
      })
      .returning({ id: launchHolds.id });
    return { id: row!.id, fresh: true };
  });
}

/** Runcrate made the cluster: the hold gives it its rate until billing starts, and stops counting as pending. */
export async function settleHold(db: Db, hold: LaunchHold, clusterId: string): Promise<void> {
  await db.update(launchHolds).set({ clusterId }).where(eq(launchHolds.id, hold.id));
}

/** Runcrate refused the launch: its place is free again (a retry's hold is its first attempt's, left alone). */
export async function releaseHold(db: Db, hold: LaunchHold): Promise<void> {
  if (!hold.fresh) return;
  await db.delete(launchHolds).where(and(eq(launchHolds.id, hold.id), isNull(launchHolds.clusterId)));
}
