import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { teamBudgets } from "@/lib/server/db/schema";
import { hasBudget, NO_BUDGET, type TeamBudget } from "@/lib/budgets/budget";

const cents = (d: number | null) => (d === null ? null : Math.round(d * 100));
const dollars = (c: number | null) => (c === null ? null : c / 100);

/** The team's budget (none when none was set). */
export async function teamBudget(db: Db, teamId: string): Promise<TeamBudget> {
  const [row] = await db.select().from(teamBudgets).where(eq(teamBudgets.teamId, teamId));
  if (!row) return NO_BUDGET;
  return {
    period: row.period,
    startDay: row.startDay,
    teamDollars: dollars(row.teamCents),
    memberDollars: dollars(row.memberCents),
    endRunning: row.endRunning,
  };
}

/** Stores the team's budget; one with no amounts removes the row. */
export async function setTeamBudget(db: Db, teamId: string, b: TeamBudget, by: string): Promise<void> {
  if (!hasBudget(b)) {
    await db.delete(teamBudgets).where(eq(teamBudgets.teamId, teamId));
    return;
  }
  const values = {
    period: b.period,
    startDay: b.startDay,
    teamCents: cents(b.teamDollars),
    memberCents: cents(b.memberDollars),
    endRunning: b.endRunning,
    updatedBy: by,
    updatedAt: new Date(),
  };
  await db
    .insert(teamBudgets)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: teamBudgets.teamId, set: values });
}
