import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { teamPolicies } from "@/lib/server/db/schema";
import { NO_POLICY, isNoPolicy, type TeamPolicy } from "@/lib/policies/policy";

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
