"use client";

import { CloudOffIcon } from "lucide-react";
import { StatusMessage } from "@/components/shell/status-message";
import { Button } from "@/components/ui/button";

export default function ClustersError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <StatusMessage
      icon={<CloudOffIcon />}
      title="The cluster list couldn't be shown"
      reference={error.digest ?? null}
      actions={<Button onClick={reset}>Try again</Button>}
    >
      Something went wrong on the Clusterdeck server while loading your clusters. Your clusters on Runcrate
      are not affected.
    </StatusMessage>
  );
}
