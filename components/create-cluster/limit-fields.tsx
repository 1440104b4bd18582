"use client";

import { useEffect, useState } from "react";
import { useNow } from "@/components/clusters/use-now";
import { Field, FieldDescription, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { formatMinutes } from "@/lib/format/duration";
import { checkLimits, limitsSummary, type LimitCheck, type LimitText } from "@/lib/limits/input";

/** What the form reads at Launch: the text as typed and whether it is valid. */
export type LimitsInput = { text: LimitText; check: LimitCheck };

/**
 * "Time limit" and "Budget limit" on the create form, with the summary of when each would end the
 * cluster. Its own state, outside the cluster's form values (they are the POST body; limits stay in Clusterdeck):
 * the form reads them at Launch through `inputRef`.
 */
export function LimitFields({
  id,
  hourlyRate,
  defaults,
  ceilingMinutes,
  inputRef,
}: {
  id: string;
  hourlyRate: number;
  defaults: LimitText;
  ceilingMinutes: number | null;
  inputRef: { current: LimitsInput | null };
}) {
  const [text, setText] = useState<LimitText>(defaults);
  const [touched, setTouched] = useState({ timeLimit: false, budgetLimit: false });
  const check = checkLimits(text, ceilingMinutes);
  useEffect(() => {
    inputRef.current = { text, check };
  });
  const errors = check.ok ? {} : check.errors;

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-summary`}>
      <legend className="mb-1 text-sm font-medium">Limits (optional)</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field data-invalid={(touched.timeLimit && !!errors.timeLimit) || undefined}>
          <FieldLabel htmlFor={`${id}-time`}>Time limit</FieldLabel>
          <Input
            id={`${id}-time`}
            autoComplete="off"
            placeholder={ceilingMinutes ? formatMinutes(ceilingMinutes) : "e.g. 90 min or 4 h"}
            value={text.timeLimit}
            aria-invalid={(touched.timeLimit && !!errors.timeLimit) || undefined}
            aria-describedby={`${id}-time-desc`}
            onChange={(e) => setText({ ...text, timeLimit: e.target.value })}
            onBlur={() => setTouched((t) => ({ ...t, timeLimit: true }))}
          />
          <FieldDescription id={`${id}-time-desc`}>
            {touched.timeLimit && errors.timeLimit ? (
              <span className="text-destructive">{errors.timeLimit}</span>
            ) : (
              <>
                Counted from when the cluster is up (billed).
                {ceilingMinutes ? ` At most ${formatMinutes(ceilingMinutes)} here.` : ""}
              </>
            )}
          </FieldDescription>
        </Field>
        <Field data-invalid={(touched.budgetLimit && !!errors.budgetLimit) || undefined}>
          <FieldLabel htmlFor={`${id}-budget`}>Budget limit</FieldLabel>
          <Input
            id={`${id}-budget`}
            autoComplete="off"
            inputMode="decimal"
            placeholder="e.g. 50"
            value={text.budgetLimit}
            aria-invalid={(touched.budgetLimit && !!errors.budgetLimit) || undefined}
            aria-describedby={`${id}-budget-desc`}
            onChange={(e) => setText({ ...text, budgetLimit: e.target.value })}
            onBlur={() => setTouched((t) => ({ ...t, budgetLimit: true }))}
          />
          <FieldDescription id={`${id}-budget-desc`}>
            {touched.budgetLimit && errors.budgetLimit ? (
              <span className="text-destructive">{errors.budgetLimit}</span>
            ) : (
              "Dollars: Clusterdeck terminates it when its cost reaches this."
            )}
          </FieldDescription>
        </Field>
      </div>
      <LimitsSummary id={`${id}-summary`} check={check} hourlyRate={hourlyRate} />
    </fieldset>
  );
}

/**
 * When the limits would end the cluster, from the clock: its own component, so the clock's tick (every second, and
 * once after hydration, when the time becomes known) re-renders this line and not the fields above it.
 */
function LimitsSummary({ id, check, hourlyRate }: { id: string; check: LimitCheck; hourlyRate: number }) {
  const now = useNow();
  const summary = check.ok && now !== null ? limitsSummary(check.limits, hourlyRate, now) : null;
  return (
    <p id={id} className="text-sm text-muted-foreground" data-testid="limits-summary" aria-live="polite">
      {summary ?? "Without limits the cluster runs until someone terminates it."}
    </p>
  );
}
