"use server";

import { revalidatePath } from "next/cache";
import { recordAudit } from "@/lib/audit/server/audit";
import { userAction } from "@/lib/handlers/safe-action";
import { policyLines, teamPolicySchema, type TeamPolicy } from "@/lib/policies/policy";
import { setTeamPolicy, teamPolicy } from "@/lib/policies/server/policy-store";
import { getDb } from "@/lib/server/db/client";
import { teamToRun } from "@/lib/teams/server/authorize";

const words = (p: TeamPolicy) => policyLines(p).join("; ") || "no rules";

/** Settings → Team: an admin sets the rules every launch, resize and limit change in the team must keep. Audited. */
export const setTeamPolicyAction = userAction(
  teamPolicySchema,
  async function setTeamPolicyAction({ teamId, ...rules }, { user }): Promise<TeamPolicy> {
    const db = await getDb();
    const team = await teamToRun(db, teamId, user.id, "policies");
    const policy: TeamPolicy = {
      maxHourlyRate: rules.maxHourlyRate,
      maxNodes: rules.maxNodes,
      gpuTypes: rules.gpuTypes,
      allowCommunity: rules.allowCommunity,
      requireTimeLimit: rules.requireTimeLimit,
      maxTimeLimitMinutes: rules.maxTimeLimit,
      maxClustersPerMember: rules.maxClustersPerMember,
      maxTeamHourlyRate: rules.maxTeamHourlyRate,
    };
    const before = await teamPolicy(db, team.teamId);
    await setTeamPolicy(db, team.teamId, policy, user.id);
    if (words(before) !== words(policy))
      await recordAudit({
        userId: user.id,
        teamId: team.teamId,
        action: "policy-changed",
        clusterId: null,
        clusterName: null,
        keyLabel: "",
        detail: `team ${team.name} · ${words(before)} → ${words(policy)}`,
      });
    revalidatePath("/settings/team");
    return policy;
  },
);
