"use client";

import { useId } from "react";
import { toast } from "sonner";
import { FormAlert } from "@/components/common/form-alert";
import { LimitTextFields } from "@/components/limits/limit-text-fields";
import { useLimitsForm } from "@/components/limits/use-limits-form";
import { Button } from "@/components/ui/button";
import { setClusterLimits } from "@/lib/limits/actions";
import type { Limits } from "@/lib/spend/ledger";
import { formatMinutes } from "@/lib/format/duration";
import { limitsToText, type LimitText } from "@/lib/limits/input";

/**
 * The form behind "Change limits" / "Set limits" on the cluster page: Time limit, Budget limit, Save, Extend by 1 h,
 * Remove (each change audited by the action). Loaded on first use (components/limits/limits-line.tsx).
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
  const { form, fields, formError, pending, submit } = useLimitsForm(
    limitsToText(current),
    ceilingMinutes,
    (text: LimitText) => setClusterLimits({ id: cluster.id, ...text }),
    {
      // The limits line is rendered on the server: the action refreshes it.
      onSuccess: (saved) => {
        const none = saved.timeLimitMinutes === null && saved.budgetLimit === null;
        if (none) toast.success(`Limits removed from ${cluster.name}`);
        // Saved, but the guardian could not take the cluster on: said where it stays seen, as after a launch.
        else if (!saved.guarded)
          toast.warning(
            `Limits of ${cluster.name} saved, but Clusterdeck is not enforcing them yet: watch its cost, and terminate it yourself when it is done.`,
            { duration: 60_000 },
          );
        else toast.success(`Limits of ${cluster.name} saved`);
        onDone();
      },
    },
  );

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
      <LimitTextFields
        id={id}
        time={{
          ...fields.time,
          placeholder: "e.g. 90 min or 4 h",
          hint: "Counted from when the cluster came up (billed time).",
        }}
        budget={{
          ...fields.budget,
          placeholder: "e.g. 50",
          hint: "Dollars: terminated when its cost reaches this.",
        }}
      />
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
