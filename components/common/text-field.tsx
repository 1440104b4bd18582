"use client";

import type * as React from "react";
import { get, type FieldError, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { PasswordInput } from "@/components/common/password-input";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

type TextFieldProps<T extends FieldValues> = Omit<
  React.ComponentProps<typeof Input>,
  "id" | "name" | "form" | "aria-invalid"
> & {
  form: Pick<UseFormReturn<T>, "register" | "formState">;
  name: Path<T>;
  id: string;
  label: React.ReactNode;
  /** Said under the input, and read out with it (aria-describedby). */
  description?: React.ReactNode;
  /** A password or secret: shown masked, with a show/hide toggle. */
  secret?: boolean;
};

/**
 * One labelled text input of a react-hook-form form, with its description (read out with the input) and its error:
 * the field every form here writes the same way. Its own props (inputMode, placeholder, autoComplete …) go to the
 * input; autocomplete is off unless given, as most fields here are not personal data a browser should offer.
 */
export function TextField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  description,
  secret = false,
  ...input
}: TextFieldProps<T>) {
  const error: FieldError | undefined = get(form.formState.errors, name);
  const Control = secret ? PasswordInput : Input;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <FormField id={id} label={label} description={description} descriptionId={descriptionId} error={error}>
      <Control
        id={id}
        autoComplete="off"
        aria-describedby={descriptionId}
        {...input}
        aria-invalid={!!error}
        {...form.register(name)}
      />
    </FormField>
  );
}
