"use client";

import { Controller, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { useActionForm } from "@/components/common/use-action-form";
import { FormAlert } from "@/components/common/form-alert";
import { UnsavedChanges } from "@/components/common/unsaved-changes";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { TextField } from "@/components/common/text-field";
import { setTeamBudgetAction } from "@/lib/budgets/actions";
import { budgetLines, WEEKDAYS, type TeamBudget } from "@/lib/budgets/budget";
import { budgetFormValues, teamBudgetSchema } from "@/lib/budgets/budget-form";

const FIELDS = ["period", "startDay", "teamDollars", "memberDollars"] as const;

/**
 * Settings → Team, for admins: the team's budget and each member's, per period. A launch that would take either past
 * it (what is spent, plus what running clusters hold until their time limits, plus the launch's own hold) is refused.
 */
export function TeamBudgetForm({ teamId, budget }: { teamId: string; budget: TeamBudget }) {
  const { form, formError, submit, pending, dirty, discard } = useActionForm({
    schema: teamBudgetSchema,
    defaults: budgetFormValues(teamId, budget),
    action: setTeamBudgetAction,
    fields: FIELDS,
    saved: (saved) => {
      toast.success("Budget saved", { description: budgetLines(saved).join(" · ") || "No budget." });
      return budgetFormValues(teamId, saved);
    },
    keep: `team-budget:${teamId}`,
  });
  const { errors } = form.formState;
  const period = useWatch({ control: form.control, name: "period" });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Team budget"
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
    >
      <FormAlert message={formError} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          form={form}
          name="teamDollars"
          id="budget-team"
          label="Team budget per period ($)"
          inputMode="decimal"
          placeholder="None"
        />
        <TextField
          form={form}
          name="memberDollars"
          id="budget-member"
          label="Budget per member per period ($)"
          inputMode="decimal"
          placeholder="None"
        />
        <FormField id="budget-period" label="Period" error={errors.period}>
          <NativeSelect
            id="budget-period"
            className="w-full"
            {...form.register("period", {
              // A day of the month is rarely a day of the week: start each kind from its first day.
              onChange: () => form.setValue("startDay", "1"),
            })}
          >
            <option value="month">A month</option>
            <option value="week">A week</option>
          </NativeSelect>
        </FormField>
        <FormField
          id="budget-start"
          label={period === "week" ? "Starts on" : "Starts on day (1–28)"}
          description="In UTC, at midnight."
          error={errors.startDay}
        >
          {period === "week" ? (
            <NativeSelect id="budget-start" className="w-full" {...form.register("startDay")}>
              {WEEKDAYS.map((d, i) => (
                <option key={d} value={String(i + 1)}>
                  {d}
                </option>
              ))}
            </NativeSelect>
          ) : (
            <Input
              id="budget-start"
              inputMode="numeric"
              autoComplete="off"
              aria-invalid={!!errors.startDay}
              {...form.register("startDay")}
            />
          )}
        </FormField>
      </div>
      <div className="flex items-start gap-2">
        <Controller
          control={form.control}
          name="endRunning"
          render={({ field }) => (
            <Checkbox
              id="budget-end-running"
              checked={field.value}
              onCheckedChange={(v) => field.onChange(v === true)}
              aria-describedby="budget-end-running-note"
            />
          )}
        />
        <div className="flex flex-col gap-0.5">
          <label htmlFor="budget-end-running" className="text-sm">
            At 100 % of a budget, end the running clusters it covers
          </label>
          <p id="budget-end-running-note" className="text-xs text-muted-foreground">
            The guardian terminates them and tells each owner. Off: they keep running and only new launches
            are refused. Warnings go out at 50, 80 and 100 % either way.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-muted-foreground">
          What counts: the period&rsquo;s spend, plus what running clusters will cost until their time limits
          (to the period&rsquo;s end without one). Empty: no budget.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <UnsavedChanges dirty={dirty} onDiscard={discard} />
          <Button type="submit" variant="outline" disabled={pending}>
            {pending ? "Saving…" : "Save budget"}
          </Button>
        </div>
      </div>
    </form>
  );
}
