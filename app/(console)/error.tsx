"use client";

import { useEffect } from "react";
import Link from "next/link";
import { RotateCwIcon, TriangleAlertIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { StatusMessage } from "@/components/shell/status-message";
import { errorDigest } from "@/components/shell/error-digest";

/** A console page failed to render. The shell stays; the user can retry or go back to the cluster list. */
export default function ConsoleError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  const reference = errorDigest(error);
  return (
    <StatusMessage
      icon={<TriangleAlertIcon aria-hidden="true" />}
      title="This page couldn't be loaded"
      reference={reference}
      actions={
        <>
          <Button onClick={() => retry()}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
          <Button variant="outline" asChild>
            <Link href="/clusters">Go to clusters</Link>
          </Button>
        </>
      }
    >
      Something went wrong while preparing this page. It is often temporary, so try again in a moment.
      {reference
        ? " If it keeps happening, the server log has the details under the reference below."
        : " If it keeps happening, the server log has the details."}
    </StatusMessage>
  );
}
