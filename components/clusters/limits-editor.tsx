"use client";

import { useId } from "react";
import { toast } from "sonner";
import { FormAlert } from "@/components/auth/form-alert";
import { useLimitsForm } from "@/components/limits/use-limits-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { setClusterLimits } from "@/lib/actions/cluster-limits";
import type { Limits } from "@/lib/cost/ledger";
import { formatMinutes } from "@/lib/format/duration";
import { limitsToText, type LimitText } from "@/lib/limits/input";

/**
 * The form behind "Change limits" / "Set limits" on the cluster page: Time limit, Budget limit, Save, Extend by 1 h,
 * Remove (each change audited by the action). Loaded on first use (components/clusters/limits-line.tsx).
 */
export default function LimitsEditor({
  cluster,
  current,
  ceilingMinutes,
  onDone,
}: {
  cluster: { id: string; name: string };
  current: Limits | null;
  ceilingMinutes: number | null;
  onDone: () => void;
}) {
  const id = useId();
  const { form, formError, pending, submit } = useLimitsForm(
    limitsToText(current),
    ceilingMinutes,
    (text: LimitText) => setClusterLimits({ id: cluster.id, ...text }),
    {
      // The limits line is rendered on the server: the action refreshes it.
      onSuccess: (saved) => {
        toast.success(
          saved.timeLimitMinutes === null && saved.budgetLimit === null
            ? `Limits removed from ${cluster.name}`
            : `Limits of ${cluster.name} saved`,
        );
        onDone();
      },
    },
  );
  const errors = form.formState.errors;

  const extend = () => {
    form.setValue("timeLimit", formatMinutes((current?.timeLimitMinutes ?? 0) + 60));
    void submit();
  };
  const remove = () => {
    form.setValue("timeLimit", "");
    form.setValue("budgetLimit", "");
    void submit();
  };

  return (
    <form
      className="flex flex-col gap-3 rounded-md border p-3"
      aria-label="Limits"
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-time`}>Time limit</Label>
          <Input
            id={`${id}-time`}
            placeholder="e.g. 90 min or 4 h"
            aria-invalid={!!errors.timeLimit}
            aria-describedby={errors.timeLimit ? `${id}-time-error` : undefined}
            {...form.register("timeLimit")}
          />
          {errors.timeLimit ? (
            <p id={`${id}-time-error`} className="text-xs text-destructive">
              {errors.timeLimit.message}
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">
              Counted from when the cluster came up (billed time).
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-budget`}>Budget limit</Label>
          <Input
            id={`${id}-budget`}
            inputMode="decimal"
            placeholder="e.g. 50"
            aria-invalid={!!errors.budgetLimit}
            aria-describedby={errors.budgetLimit ? `${id}-budget-error` : undefined}
            {...form.register("budgetLimit")}
          />
          {errors.budgetLimit ? (
            <p id={`${id}-budget-error`} className="text-xs text-destructive">
              {errors.budgetLimit.message}
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">Dollars: terminated when its cost reaches this.</p>
          )}
        </div>
      </div>
      <FormAlert message={formError} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          Save limits
        </Button>
        {current?.timeLimitMinutes != null ? (
          <Button type="button" size="sm" variant="outline" disabled={pending} onClick={extend}>
            Extend by 1 h
          </Button>
        ) : null}
        {current ? (
          <Button type="button" size="sm" variant="outline" disabled={pending} onClick={remove}>
            Remove limits
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
