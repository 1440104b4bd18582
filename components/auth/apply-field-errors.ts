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
