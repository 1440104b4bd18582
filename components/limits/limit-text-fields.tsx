"use client";

import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Field, FieldDescription, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** One of the two limit fields: its registration in the form, its error, and what it says when there is none. */
export type LimitFieldProps = {
  input: UseFormRegisterReturn;
  error?: string;
  hint: ReactNode;
  placeholder: string;
};

/**
 * "Time limit" and "Budget limit", side by side on a wide screen: the create form, the cluster page's editor and
 * Settings' defaults all show them this way. The fields are registered in the caller's react-hook-form form; an
 * error replaces the hint under its field.
 */
export function LimitTextFields({
  id,
  time,
  budget,
}: {
  id: string;
  time: LimitFieldProps;
  budget: LimitFieldProps;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <LimitField id={`${id}-time`} label="Time limit" field={time} />
      <LimitField id={`${id}-budget`} label="Budget limit" field={budget} inputMode="decimal" />
    </div>
  );
}

function LimitField({
  id,
  label,
  field,
  inputMode,
}: {
  id: string;
  label: string;
  field: LimitFieldProps;
  inputMode?: "decimal";
}) {
  const invalid = field.error ? true : undefined;
  return (
    <Field data-invalid={invalid}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Input
        id={id}
        autoComplete="off"
        inputMode={inputMode}
        placeholder={field.placeholder}
        aria-invalid={invalid}
        aria-describedby={`${id}-desc`}
        {...field.input}
      />
      <FieldDescription id={`${id}-desc`}>
        {field.error ? <span className="text-destructive">{field.error}</span> : field.hint}
      </FieldDescription>
    </Field>
  );
}
