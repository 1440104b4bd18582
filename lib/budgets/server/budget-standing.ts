import "server-only";
import { getDb, type Db } from "@/lib/server/db/client";
import { activeTeam } from "@/lib/teams/server/teams-store";
import { budgetView, hasBudget, periodOf, standingOf, type BudgetStanding } from "@/lib/budgets/budget";
import { teamBudget } from "./budget-store";
import { teamClusters } from "./team-spend";

/** Where the team's budgets stand for `userId`; null when the team has none. */
export async function budgetStanding(
  db: Db,
  teamId: string,
  userId: string,
  now = Date.now(),
): Promise<BudgetStanding | null> {
  const budget = await teamBudget(db, teamId);
  if (!hasBudget(budget)) return null;
  const period = periodOf(budget, now);
  const { clusters, pending } = await teamClusters(db, teamId, period.from, now);
  const mine = <T extends { owner: string }>(xs: readonly T[]) => xs.filter((x) => x.owner === userId);
  return {
    budget,
    period,
    now,
    team:
      budget.teamDollars === null
        ? null
        : budgetView(budget.teamDollars, standingOf(clusters, pending, period, now), period, now),
    member:
      budget.memberDollars === null
        ? null
        : budgetView(
            budget.memberDollars,
            standingOf(mine(clusters), mine(pending), period, now),
            period,
            now,
          ),
  };
}

/** The budgets of the team the person works in now, as the Spend page shows them (none in one's own team). */
export async function activeTeamBudget(
  userId: string,
): Promise<{ team: string; standing: BudgetStanding } | null> {
  const db = await getDb();
  const team = await activeTeam(db, userId);
  if (team.personal) return null;
  const standing = await budgetStanding(db, team.teamId, userId);
  return standing ? { team: team.name, standing } : null;
}
