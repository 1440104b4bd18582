/** Settings → Team's budget form, browser-safe: what an admin types, read into a budget and back. */
import { z } from "zod";
import type { TeamBudget } from "./budget";

const dollars = (what: string) =>
  z
    .string()
    .trim()
    .max(20)
    .transform((s) => s.replace(/^\$/, "").replace(/,/g, "").trim())
    .refine((s) => s === "" || (Number.isFinite(Number(s)) && Number(s) > 0 && Number(s) <= 10_000_000), {
      message: `${what}: dollars above 0, at most 10,000,000, or empty for none.`,
    })
    .transform((s) => (s === "" ? null : Math.round(Number(s) * 100) / 100));

export const teamBudgetSchema = z
  .object({
    teamId: z.uuid("That team does not exist."),
    period: z.enum(["month", "week"], "A month or a week."),
    startDay: z.coerce.number("A day.").int("A whole day.").min(1, "From day 1."),
    teamDollars: dollars("Team budget"),
    memberDollars: dollars("Budget per member"),
    endRunning: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const max = v.period === "month" ? 28 : 7;
    if (v.startDay > max)
      ctx.addIssue({
        code: "custom",
        path: ["startDay"],
        message: v.period === "month" ? "A day of the month from 1 to 28." : "A day of the week.",
      });
  });
export type TeamBudgetInput = z.input<typeof teamBudgetSchema>;

export function budgetFormValues(teamId: string, b: TeamBudget): TeamBudgetInput {
  return {
    teamId,
    period: b.period,
    startDay: String(b.startDay),
    teamDollars: b.teamDollars === null ? "" : String(b.teamDollars),
    memberDollars: b.memberDollars === null ? "" : String(b.memberDollars),
    endRunning: b.endRunning,
  };
}
