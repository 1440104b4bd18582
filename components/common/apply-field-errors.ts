import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

/** Puts a server action's per-field messages onto the form's fields; returns whether any matched a field. */
export function applyFieldErrors<T extends FieldValues>(
  fieldErrors: Record<string, string> | undefined,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  let matched = false;
  for (const [name, message] of Object.entries(fieldErrors ?? {})) {
    const field = fields.find((f) => f === name);
    if (!field) continue;
    setError(field, { type: "server", message }, { shouldFocus: !matched });
    matched = true;
  }
  return matched;
}

/**
 * Where a refused action's message goes in a form: onto the fields it names, and into the form's alert when none
 * of them is a field of this form or the refusal is about more than the input. Returns the alert's message.
 */
export function formAlertOf<T extends FieldValues>(
  failure: { message: string; kind: string; fieldErrors?: Record<string, string> | undefined },
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  const matched = applyFieldErrors(failure.fieldErrors, fields, setError);
  return matched && failure.kind === "invalid-input" ? null : failure.message;
}
