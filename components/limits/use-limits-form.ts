"use client";

import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { formAlertOf } from "@/components/common/apply-field-errors";
import { useKeptDraft } from "@/components/common/use-kept-draft";
import type { ActionResult } from "@/lib/server/action-error";
import { checkLimits, type LimitText } from "@/lib/limits/input";
import { useActionMutation, type ActionMutationOptions } from "@/lib/query/mutation";

const FIELDS = ["timeLimit", "budgetLimit"] as const;

/** The limit fields checked in the browser by the same rules the action applies (lib/limits/input.ts). */
function limitsResolver(ceilingMinutes: number | null): Resolver<LimitText> {
  return (values) => {
    const c = checkLimits(values, ceilingMinutes);
    if (c.ok) return { values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(c.errors).map(([field, message]) => [field, { type: "limits", message }]),
    );
    return { values: {}, errors };
  };
}

/**
 * A form of the two limit fields (time, budget) that saves through a server action: the cluster page's editor and
 * Settings' defaults. A refusal lands on its field, or in `formError` when it names none. With `keep`, what is typed
 * and not saved survives a reload in this tab (useKeptDraft); `dirty` and `discard` are for an UnsavedChanges line.
 */
export function useLimitsForm<T>(
  initial: LimitText,
  ceilingMinutes: number | null,
  save: (text: LimitText) => Promise<ActionResult<T>>,
  options: Pick<ActionMutationOptions<LimitText, T>, "invalidates" | "onSuccess"> = {},
  keep?: string,
) {
  const form = useForm<LimitText>({ defaultValues: initial, resolver: limitsResolver(ceilingMinutes) });
  const [formError, setFormError] = useState<string | null>(null);
  const kept = useKeptDraft(form, keep ?? null, initial);
  const mutation = useActionMutation(save, {
    ...options,
    onSuccess: (data, sent) => {
      // What was saved is the form's new starting point: nothing unsaved is left to keep.
      kept.clear();
      form.reset(sent);
      return options.onSuccess?.(data, sent);
    },
    onError: (failure) => setFormError(formAlertOf(failure, FIELDS, form.setError)),
  });
  const submit = form.handleSubmit((text) => {
    setFormError(null);
    mutation.mutate(text);
  });
  // The two fields' registrations and errors, for LimitTextFields (read each render, so errors stay current).
  const errors = form.formState.errors;
  const fields = {
    time: { input: form.register("timeLimit"), error: errors.timeLimit?.message },
    budget: { input: form.register("budgetLimit"), error: errors.budgetLimit?.message },
  };
  const discard = () => {
    setFormError(null);
    kept.discard();
  };
  return {
    form,
    fields,
    formError,
    pending: mutation.isPending,
    submit,
    dirty: form.formState.isDirty,
    discard,
  };
}
