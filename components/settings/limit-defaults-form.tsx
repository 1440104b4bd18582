"use client";

import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { saveLimitDefaults } from "@/lib/actions/cluster-limits";
import { checkLimits, type LimitText } from "@/lib/limits/input";

/** Settings → Default limits: the two fields of the create form, saved per user. */
export function LimitDefaultsForm({ initial }: { initial: LimitText }) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [errors, setErrors] = useState<{ timeLimit?: string; budgetLimit?: string; form?: string }>({});
  const [pending, setPending] = useState(false);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const c = checkLimits(text);
    if (!c.ok) {
      setErrors(c.errors);
      return;
    }
    setErrors({});
    setPending(true);
    const r = await saveLimitDefaults(text).catch(() => null);
    setPending(false);
    if (!r?.ok) {
      setErrors({ ...(r?.fieldErrors ?? {}), form: r?.error ?? "Clusterdeck could not be reached." });
      return;
    }
    toast.success("Default limits saved");
  }

  return (
    <form
      onSubmit={(e) => void save(e)}
      className="flex flex-col gap-4 rounded-lg border bg-card p-4"
      aria-label="Default limits"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {(["timeLimit", "budgetLimit"] as const).map((f) => (
          <div key={f} className="flex flex-col gap-1">
            <Label htmlFor={`${id}-${f}`}>{f === "timeLimit" ? "Time limit" : "Budget limit"}</Label>
            <Input
              id={`${id}-${f}`}
              value={text[f]}
              inputMode={f === "budgetLimit" ? "decimal" : undefined}
              placeholder={f === "timeLimit" ? "e.g. 4 h" : "e.g. 50"}
              aria-invalid={!!errors[f] || undefined}
              aria-describedby={`${id}-${f}-desc`}
              onChange={(e) => setText({ ...text, [f]: e.target.value })}
            />
            <p
              id={`${id}-${f}-desc`}
              className={errors[f] ? "text-xs text-destructive" : "text-xs text-muted-foreground"}
            >
              {errors[f] ??
                (f === "timeLimit" ? "Billed time, e.g. 90 min or 4 h." : "Dollars of cost per cluster.")}
            </p>
          </div>
        ))}
      </div>
      {errors.form ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={pending}>
          Save defaults
        </Button>
      </div>
    </form>
  );
}
