"use client";

import { useId } from "react";
import { toast } from "sonner";
import { FormAlert } from "@/components/auth/form-alert";
import { useLimitsForm } from "@/components/limits/use-limits-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { saveLimitDefaults } from "@/lib/actions/cluster-limits";
import type { LimitText } from "@/lib/limits/input";

/** Settings → Default limits: the two fields of the create form, saved per user. */
export function LimitDefaultsForm({ initial }: { initial: LimitText }) {
  const id = useId();
  const { form, formError, pending, submit } = useLimitsForm(initial, null, saveLimitDefaults, {
    onSuccess: () => toast.success("Default limits saved"),
  });
  const errors = form.formState.errors;

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-4 rounded-lg border bg-card p-4"
      aria-label="Default limits"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {(["timeLimit", "budgetLimit"] as const).map((f) => (
          <div key={f} className="flex flex-col gap-1">
            <Label htmlFor={`${id}-${f}`}>{f === "timeLimit" ? "Time limit" : "Budget limit"}</Label>
            <Input
              id={`${id}-${f}`}
              inputMode={f === "budgetLimit" ? "decimal" : undefined}
              placeholder={f === "timeLimit" ? "e.g. 4 h" : "e.g. 50"}
              aria-invalid={!!errors[f] || undefined}
              aria-describedby={`${id}-${f}-desc`}
              {...form.register(f)}
            />
            <p
              id={`${id}-${f}-desc`}
              className={errors[f] ? "text-xs text-destructive" : "text-xs text-muted-foreground"}
            >
              {errors[f]?.message ??
                (f === "timeLimit" ? "Billed time, e.g. 90 min or 4 h." : "Dollars of cost per cluster.")}
            </p>
          </div>
        ))}
      </div>
      <FormAlert message={formError} />
      <div>
        <Button type="submit" disabled={pending}>
          Save defaults
        </Button>
      </div>
    </form>
  );
}
