"use client";

import { Button } from "@/components/ui/button";

/** A list a field of the create form offers could not be read: the reason beside a Retry, in place of the choices. */
export function FieldLoadError({
  what,
  error,
  retry,
  retrying,
}: {
  what: string;
  error: Error;
  retry: () => void;
  retrying: boolean;
}) {
  return (
    <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
      Couldn’t load {what}: {error.message}
      <Button type="button" size="sm" variant="outline" onClick={retry} disabled={retrying}>
        Retry
      </Button>
    </div>
  );
}
