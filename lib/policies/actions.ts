"use server";

import { revalidatePath } from "next/cache";
import { recordAudit } from "@/lib/audit/server/audit";
import { ActionError } from "@/lib/server/action-error";
import { userAction } from "@/lib/accounts/server/user-action";
import { policyLines, type TeamPolicy } from "@/lib/policies/policy";
import { teamPolicySchema } from "@/lib/policies/policy-form";
import {
  overrideFor,
  removeOverride,
  setOverride,
  setTeamPolicy,
  teamOverrides,
  teamPolicy,
} from "@/lib/policies/server/policy-store";
import {
  overrideLines,
  policyOverrideSchema,
  removeOverrideSchema,
  rulesOf,
  scopeLabel,
  scopeOf,
  type OverrideScope,
  type PolicyOverride,
  type PolicyRules,
} from "@/lib/policies/overrides";
import { membersOf } from "@/lib/teams/server/teams-store";
import { getDb } from "@/lib/server/db/client";
import { teamToRun } from "@/lib/teams/server/authorize";

const words = (p: TeamPolicy) => policyLines(p).join("; ") || "no rules";

/** A change to the team's rules, in the team's log: "team Lab · before → after". */
function logPolicyChange(userId: string, team: { teamId: string; name: string }, change: string) {
  return recordAudit({
    userId,
    teamId: team.teamId,
    action: "policy-changed",
    clusterId: null,
    clusterName: null,
    keyLabel: "",
    detail: `team ${team.name} · ${change}`,
  });
}

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
      deploymentTypes: rules.deploymentTypes,
      allowCommunity: rules.allowCommunity,
      requireTimeLimit: rules.requireTimeLimit,
      maxTimeLimitMinutes: rules.maxTimeLimit,
      maxClustersPerMember: rules.maxClustersPerMember,
      maxTeamHourlyRate: rules.maxTeamHourlyRate,
    };
    const before = await teamPolicy(db, team.teamId);
    await setTeamPolicy(db, team.teamId, policy, user.id);
    if (words(before) !== words(policy))
      await logPolicyChange(user.id, team, `${words(before)} → ${words(policy)}`);
    revalidatePath("/settings/team");
    return policy;
  },
);

const overrideWords = (rules: PolicyRules | null) =>
  (rules ? overrideLines(rules).join("; ") : "") || "the team's rules";

/** Who an override is for, for the team's log: a role, or the member's email. */
async function scopeWords(teamId: string, scope: OverrideScope): Promise<string> {
  if (scope.role) return scopeLabel(scope);
  const member = (await membersOf(await getDb(), teamId)).find((m) => m.userId === scope.userId);
  return member?.email ?? "a former member";
}

/**
 * Settings → Team: an admin gives a role or one member their own value for some of the team's rules (the rest stay
 * the team's). Only a role that launches, and only a member of the team. Audited, like the team's policy.
 */
export const setPolicyOverrideAction = userAction(
  policyOverrideSchema,
  async function setPolicyOverrideAction(input, { user }): Promise<PolicyOverride[]> {
    const db = await getDb();
    const team = await teamToRun(db, input.teamId, user.id, "policies");
    const scope = scopeOf(input.scope);
    if (scope.userId) {
      const member = (await membersOf(db, team.teamId)).find((m) => m.userId === scope.userId);
      if (!member)
        throw new ActionError("That person is not a member of the team.", "invalid-input", {
          scope: "Choose a member of the team.",
        });
      if (member.role === "viewer")
        throw new ActionError(
          "A viewer launches nothing: there is no rule to change for them.",
          "invalid-input",
          {
            scope: "Choose someone who launches clusters.",
          },
        );
    }
    const rules = rulesOf(input);
    const before = await overrideFor(db, team.teamId, scope);
    await setOverride(db, team.teamId, scope, rules, user.id);
    if (overrideWords(before) !== overrideWords(rules))
      await logPolicyChange(
        user.id,
        team,
        `for ${await scopeWords(team.teamId, scope)}: ${overrideWords(before)} → ${overrideWords(rules)}`,
      );
    revalidatePath("/settings/team");
    return teamOverrides(db, team.teamId);
  },
);

/** Settings → Team: an admin removes an override; its role or member keeps the team's rules again. Audited. */
export const removePolicyOverrideAction = userAction(
  removeOverrideSchema,
  async function removePolicyOverrideAction({ teamId, id }, { user }): Promise<PolicyOverride[]> {
    const db = await getDb();
    const team = await teamToRun(db, teamId, user.id, "policies");
    const removed = await removeOverride(db, team.teamId, id);
    if (!removed) throw new ActionError("That override is gone already.", "not_found");
    await logPolicyChange(
      user.id,
      team,
      `for ${await scopeWords(team.teamId, removed.scope)}: ${overrideWords(removed.rules)} → the team's rules`,
    );
    revalidatePath("/settings/team");
    return teamOverrides(db, team.teamId);
  },
);
