"use server";

import { revalidatePath } from "next/cache";
import { recordAudit } from "@/lib/audit/server/audit";
import { ActionError, userAction } from "@/lib/handlers/safe-action";
import { budgetLines, teamBudgetSchema, type TeamBudget } from "@/lib/budgets/budget";
import { setTeamBudget, teamBudget } from "@/lib/budgets/server/budget-store";
import { getDb } from "@/lib/server/db/client";
import { decide } from "@/lib/teams/permissions";
import { membershipOf } from "@/lib/teams/server/teams-store";

const words = (b: TeamBudget) => budgetLines(b).join("; ") || "no budget";

/** Settings → Team: an admin sets the team's budget and each member's, per period. Audited. */
export const setTeamBudgetAction = userAction(
  teamBudgetSchema,
  async function setTeamBudgetAction({ teamId, ...input }, { user }): Promise<TeamBudget> {
    const db = await getDb();
    const team = await membershipOf(db, teamId, user.id);
    if (!team || team.personal)
      throw new ActionError(
        "That team no longer exists, or you are no longer in it. Reload the page.",
        "not_found",
      );
    const may = decide(team.role, "policies");
    if (!may.allowed) throw new ActionError(may.message, "forbidden");
    const budget: TeamBudget = { ...input };
    const before = await teamBudget(db, team.teamId);
    await setTeamBudget(db, team.teamId, budget, user.id);
    if (words(before) !== words(budget))
      await recordAudit({
        userId: user.id,
        teamId: team.teamId,
        action: "budget-changed",
        clusterId: null,
        clusterName: null,
        keyLabel: "",
        detail: `team ${team.name} · ${words(before)} → ${words(budget)}`,
      });
    revalidatePath("/settings/team");
    return budget;
  },
);
