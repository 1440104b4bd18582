"use client";

import { useWatch, type FieldErrors, type UseFormReturn } from "react-hook-form";
import { useNow } from "@/components/common/use-now";
import { LimitTextFields } from "@/components/limits/limit-text-fields";
import { formatMinutes } from "@/lib/format/duration";
import type { LaunchFormValues } from "@/lib/launch/form";
import { checkLimits, limitsSummary } from "@/lib/limits/input";

/**
 * "Time limit" and "Budget limit" on the create form, with the summary of when each would end the cluster. They are
 * part of the form's values (`limits`), checked by the form's schema with the rules the launch action applies, and
 * left out of the POST body (the guardian enforces them, not Runcrate).
 */
export function LimitFields({
  form,
  errors,
  id,
  hourlyRate,
  ceilingMinutes,
}: {
  form: UseFormReturn<LaunchFormValues>;
  errors: FieldErrors<LaunchFormValues>;
  id: string;
  hourlyRate: number;
  ceilingMinutes: number | null;
}) {
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-summary`}>
      <legend className="mb-1 text-sm font-medium">Limits (optional)</legend>
      <LimitTextFields
        id={id}
        time={{
          input: form.register("limits.timeLimit"),
          error: errors.limits?.timeLimit?.message,
          placeholder: ceilingMinutes ? formatMinutes(ceilingMinutes) : "e.g. 90 min or 4 h",
          hint: `Counted from when the cluster is up (billed).${ceilingMinutes ? ` At most ${formatMinutes(ceilingMinutes)} here.` : ""}`,
        }}
        budget={{
          input: form.register("limits.budgetLimit"),
          error: errors.limits?.budgetLimit?.message,
          placeholder: "e.g. 50",
          hint: "Dollars: Clusterdeck terminates it when its cost reaches this.",
        }}
      />
      <LimitsSummary
        id={`${id}-summary`}
        form={form}
        hourlyRate={hourlyRate}
        ceilingMinutes={ceilingMinutes}
      />
    </fieldset>
  );
}

/**
 * When the limits would end the cluster, from the clock: its own component, so the clock's tick (every second, and
 * once after hydration, when the time becomes known) and each key typed re-render this line, not the fields above.
 */
function LimitsSummary({
  id,
  form,
  hourlyRate,
  ceilingMinutes,
}: {
  id: string;
  form: UseFormReturn<LaunchFormValues>;
  hourlyRate: number;
  ceilingMinutes: number | null;
}) {
  const text = useWatch({ control: form.control, name: "limits" });
  const now = useNow();
  const check = checkLimits(text, ceilingMinutes);
  const typed = text.timeLimit.trim() !== "" || text.budgetLimit.trim() !== "";
  // A limit that can't be read yet says nothing about when the cluster ends: never "without limits" while one is
  // typed (the field says what is wrong with it).
  const summary = !check.ok
    ? typed
      ? "When a limit above can be read, this says when it would end the cluster."
      : null
    : now !== null
      ? limitsSummary(check.limits, hourlyRate, now)
      : null;
  return (
    <p id={id} className="text-sm text-muted-foreground" data-testid="limits-summary" aria-live="polite">
      {summary ?? "Without limits the cluster runs until someone terminates it."}
    </p>
  );
}
