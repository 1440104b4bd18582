"use client";

import { CloudOffIcon } from "lucide-react";
import Link from "next/link";
import { StatusMessage } from "@/components/shell/status-message";
import { Button } from "@/components/ui/button";

export default function ClusterError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <StatusMessage
      icon={<CloudOffIcon />}
      title="This cluster page couldn't be shown"
      reference={error.digest ?? null}
      actions={
        <>
          <Button onClick={reset}>Try again</Button>
          <Button asChild variant="outline">
            <Link href="/clusters">All clusters</Link>
          </Button>
        </>
      }
    >
      Something went wrong on the Clusterdeck server. The cluster itself is not affected; it keeps running and
      billing as before.
    </StatusMessage>
  );
}
