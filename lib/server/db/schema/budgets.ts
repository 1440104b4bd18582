/** Team budgets: dollars per period for the team and for each member (lib/budgets/budget.ts). */
import { boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { teams } from "./teams";

/** One row per team with a budget; a missing row or null amounts: no budget. */
export const teamBudgets = pgTable("team_budgets", {
  teamId: uuid("team_id")
    .primaryKey()
    .references(() => teams.id, { onDelete: "cascade" }),
  period: text("period").$type<"month" | "week">().notNull().default("month"),
  /** Day of the month (1–28) or of the week (1 Monday … 7 Sunday) a period starts, in UTC. */
  startDay: integer("start_day").notNull().default(1),
  /** Cents, so a budget compares exactly. */
  teamCents: integer("team_cents"),
  memberCents: integer("member_cents"),
  /** At 100 % of the team's budget, the guardian ends the team's running clusters. */
  endRunning: boolean("end_running").notNull().default(false),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
