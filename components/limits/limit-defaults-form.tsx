"use client";

import { useId } from "react";
import { toast } from "sonner";
import { FormAlert } from "@/components/common/form-alert";
import { UnsavedChanges } from "@/components/common/unsaved-changes";
import { LimitTextFields } from "@/components/limits/limit-text-fields";
import { useLimitsForm } from "@/components/limits/use-limits-form";
import { Button } from "@/components/ui/button";
import { saveLimitDefaults } from "@/lib/limits/actions";
import type { LimitText } from "@/lib/limits/input";

/** Settings → Default limits: the two fields of the create form, saved per user. */
export function LimitDefaultsForm({ initial }: { initial: LimitText }) {
  const id = useId();
  const { fields, formError, pending, submit, dirty, discard } = useLimitsForm(
    initial,
    null,
    saveLimitDefaults,
    { onSuccess: () => toast.success("Default limits saved") },
    "limit-defaults",
  );

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-4 rounded-lg border bg-card p-4"
      aria-label="Default limits"
    >
      <LimitTextFields
        id={id}
        time={{
          ...fields.time,
          placeholder: "e.g. 4 h",
          hint: "Billed time, e.g. 90 min or 4 h.",
        }}
        budget={{
          ...fields.budget,
          placeholder: "e.g. 50",
          hint: "Dollars of cost per cluster.",
        }}
      />
      <FormAlert message={formError} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          Save defaults
        </Button>
        <UnsavedChanges dirty={dirty} onDiscard={discard} />
      </div>
    </form>
  );
}
