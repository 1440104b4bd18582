import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { teamPolicies } from "@/lib/server/db/schema";
import {
  NO_POLICY,
  isNoPolicy,
  policyBreaches,
  type PolicyBreach,
  type PolicyCase,
  type TeamPolicy,
} from "@/lib/policies/policy";
import { underTeamLock, type LaunchHold } from "./launch-holds";

/** The team's policy (no rules when none was set). */
export async function teamPolicy(db: Db, teamId: string): Promise<TeamPolicy> {
  const [row] = await db.select().from(teamPolicies).where(eq(teamPolicies.teamId, teamId));
  if (!row) return NO_POLICY;
  return {
    maxHourlyRate: row.maxHourlyRate,
    maxNodes: row.maxNodes,
    gpuTypes: row.gpuTypes,
    allowCommunity: row.allowCommunity,
    requireTimeLimit: row.requireTimeLimit,
    maxTimeLimitMinutes: row.maxTimeLimitMinutes,
    maxClustersPerMember: row.maxClustersPerMember,
    maxTeamHourlyRate: row.maxTeamHourlyRate,
  };
}

/** Stores the team's policy; one with no rules removes the row. */
export async function setTeamPolicy(db: Db, teamId: string, p: TeamPolicy, by: string): Promise<void> {
  if (isNoPolicy(p)) {
    await db.delete(teamPolicies).where(eq(teamPolicies.teamId, teamId));
    return;
  }
  const values = { ...p, updatedBy: by, updatedAt: new Date() };
  await db
    .insert(teamPolicies)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: teamPolicies.teamId, set: values });
}

type Refuse = (message: string, fieldErrors: Record<string, string>) => Error;

function refuseWith(refuse: Refuse, breaches: PolicyBreach[]): Error {
  const fields = breaches.flatMap((b) => (b.field ? [[b.field, b.message] as const] : []));
  return refuse(breaches[0]!.message, Object.fromEntries(fields));
}

/**
 * Refuses what breaks the team's policy (lib/policies/policy.ts), before anything is done: the first rule broken is
 * the message, every broken rule with a field is on its field.
 *
 * With `change`, the rules on the team's clusters together are checked too, against what runs in the team, under a
 * lock on the team (launch-holds.ts); a launch passes its Idempotency-Key and rate as `hold` and gets back its place,
 * to settle with the cluster Runcrate made or release when Runcrate refused.
 */
export async function enforceTeamPolicy(
  db: Db,
  teamId: string,
  c: PolicyCase,
  refuse: Refuse,
  change?: {
    userId: string;
    adds: { clusters: number; hourlyRate: number };
    hold?: { idempotencyKey: string; hourlyRate: number };
  },
): Promise<LaunchHold | null> {
  const policy = await teamPolicy(db, teamId);
  const breaches = policyBreaches(policy, c);
  if (breaches.length > 0) throw refuseWith(refuse, breaches);
  if (!change) return null;
  const counts = policy.maxClustersPerMember !== null || policy.maxTeamHourlyRate !== null;
  if (!counts && !change.hold) return null;
  return underTeamLock(
    db,
    teamId,
    change.userId,
    (usage) => {
      const over = policyBreaches(policy, { usage, adds: change.adds });
      if (over.length > 0) throw refuseWith(refuse, over);
    },
    change.hold,
  );
}
