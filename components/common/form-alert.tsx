import { CircleAlertIcon } from "lucide-react";

/** A form-level error (wrong password, too many attempts, server trouble), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      data-testid="form-alert"
      className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive"
    >
      <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 text-pretty">{message}</p>
    </div>
  );
}
