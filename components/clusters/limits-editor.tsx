"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { setClusterLimits } from "@/lib/actions/cluster-limits";
import type { Limits } from "@/lib/cost/ledger";
import { formatMinutes } from "@/lib/format/duration";
import { checkLimits, limitsToText, type LimitText } from "@/lib/limits/input";

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
  const router = useRouter();
  const [text, setText] = useState<LimitText>(() => limitsToText(current));
  const [errors, setErrors] = useState<{ timeLimit?: string; budgetLimit?: string; form?: string }>({});
  const [pending, setPending] = useState(false);

  async function save(t: LimitText) {
    const c = checkLimits(t, ceilingMinutes);
    if (!c.ok) {
      setErrors(c.errors);
      return;
    }
    setPending(true);
    const r = await setClusterLimits({ id: cluster.id, ...t }).catch(() => null);
    setPending(false);
    if (!r || !r.ok) {
      setErrors({ ...(r?.fieldErrors ?? {}), form: r?.error ?? "Clusterdeck could not be reached." });
      return;
    }
    toast.success(
      c.limits.timeLimitMinutes === null && c.limits.budgetLimit === null
        ? `Limits removed from ${cluster.name}`
        : `Limits of ${cluster.name} saved`,
    );
    onDone();
    // The limits line is rendered on the server: render it again with the new limits.
    router.refresh();
  }

  const extend = () => {
    const minutes = (current?.timeLimitMinutes ?? 0) + 60;
    const t = { ...text, timeLimit: formatMinutes(minutes) };
    setText(t);
    void save(t);
  };

  return (
    <form
      className="flex flex-col gap-3 rounded-md border p-3"
      aria-label="Limits"
      onSubmit={(e) => {
        e.preventDefault();
        void save(text);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-time`}>Time limit</Label>
          <Input
            id={`${id}-time`}
            placeholder="e.g. 90 min or 4 h"
            value={text.timeLimit}
            aria-invalid={!!errors.timeLimit}
            aria-describedby={errors.timeLimit ? `${id}-time-error` : undefined}
            onChange={(e) => setText({ ...text, timeLimit: e.target.value })}
          />
          {errors.timeLimit ? (
            <p id={`${id}-time-error`} className="text-xs text-destructive">
              {errors.timeLimit}
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
            value={text.budgetLimit}
            aria-invalid={!!errors.budgetLimit}
            aria-describedby={errors.budgetLimit ? `${id}-budget-error` : undefined}
            onChange={(e) => setText({ ...text, budgetLimit: e.target.value })}
          />
          {errors.budgetLimit ? (
            <p id={`${id}-budget-error`} className="text-xs text-destructive">
              {errors.budgetLimit}
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">Dollars: terminated when its cost reaches this.</p>
          )}
        </div>
      </div>
      {errors.form ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      ) : null}
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
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={pending}
            onClick={() => void save({ timeLimit: "", budgetLimit: "" })}
          >
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
