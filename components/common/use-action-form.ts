"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import * as React from "react";
import { useForm, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import type { z } from "zod";
import type { ActionResult } from "@/lib/server/action-error";
import { useActionMutation } from "@/lib/query/mutation";
import { formAlertOf } from "./apply-field-errors";
import { useKeptDraft } from "./use-kept-draft";

/**
 * A settings form that saves through one server action: checked in the browser with the schema the server reads it
 * with, sent as typed, the server's refusal put on the fields it names (the rest in the form's alert), and the form
 * reset to what was saved. `submit` is the form's onSubmit; `formError` its alert. With `keep`, what is typed and not
 * saved survives a reload in this tab (useKeptDraft); `dirty` and `discard` are for the form's UnsavedChanges line.
 */
export function useActionForm<I extends FieldValues, T>(o: {
  schema: z.ZodType<unknown, I>;
  defaults: I;
  action: (values: I) => Promise<ActionResult<T>>;
  /** The fields a refusal may name. */
  fields: readonly Path<I>[];
  /** After saving: tell the person, and what the form shows now. */
  saved: (data: T) => I;
  /** Where the unsaved values are kept: one key per form and what it edits (a team's policy: its team id). */
  keep?: string;
}) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<I>({
    resolver: zodResolver(o.schema as never) as never,
    defaultValues: o.defaults as DefaultValues<I>,
  });
  const kept = useKeptDraft(form, o.keep ?? null, o.defaults);
  const save = useActionMutation(o.action, {
    onSuccess: (data) => {
      kept.clear();
      form.reset(o.saved(data));
    },
    onError: (failure) => setFormError(formAlertOf(failure, o.fields, form.setError)),
  });
  const submit = form.handleSubmit(() => {
    setFormError(null);
    save.mutate(form.getValues());
  });
  const discard = () => {
    setFormError(null);
    kept.discard();
  };
  return { form, formError, submit, pending: save.isPending, dirty: form.formState.isDirty, discard };
}
