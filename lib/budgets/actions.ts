"use server";

import { revalidatePath } from "next/cache";
import { recordAudit } from "@/lib/audit/server/audit";
import { userAction } from "@/lib/accounts/server/user-action";
import { budgetLines, type TeamBudget } from "@/lib/budgets/budget";
import { teamBudgetSchema } from "@/lib/budgets/budget-form";
import { setTeamBudget, teamBudget } from "@/lib/budgets/server/budget-store";
import { getDb } from "@/lib/server/db/client";
import { teamToRun } from "@/lib/teams/server/authorize";

const words = (b: TeamBudget) => budgetLines(b).join("; ") || "no budget";

/** Settings → Team: an admin sets the team's budget and each member's, per period. Audited. */
export const setTeamBudgetAction = userAction(
  teamBudgetSchema,
  async function setTeamBudgetAction({ teamId, ...input }, { user }): Promise<TeamBudget> {
    const db = await getDb();
    const team = await teamToRun(db, teamId, user.id, "policies");
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
