"use client";

import { CloudOffIcon } from "lucide-react";
import { StatusMessage } from "@/components/shell/status-message";
import { Button } from "@/components/ui/button";

/** First load failed and there is nothing to show yet: the reason, and a retry (polling also keeps trying). */
export function LoadError({
  error,
  onRetry,
  retrying,
  what,
}: {
  error: Error;
  onRetry: () => void;
  retrying: boolean;
  what: string;
}) {
  return (
    <StatusMessage
      headingLevel={2}
      icon={<CloudOffIcon />}
      title={`Couldn't load ${what}`}
      className="rounded-lg border"
      actions={
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          {retrying ? "Retrying…" : "Try again"}
        </Button>
      }
    >
      <span role="alert">{error.message}</span>
    </StatusMessage>
  );
}
