"use client";

import { useEffect } from "react";
import { RotateCwIcon, TriangleAlertIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { StandalonePage } from "@/components/shell/standalone-page";
import { StatusMessage } from "@/components/shell/status-message";
import { errorDigest } from "@/components/shell/error-digest";

/** The console layout itself failed (e.g. bad configuration): no shell to fall back on, so a standalone page. */
export default function RootError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  const reference = errorDigest(error);
  return (
    <StandalonePage>
      <StatusMessage
        icon={<TriangleAlertIcon aria-hidden="true" />}
        title="Clusterdeck hit an error"
        reference={reference}
        actions={
          <>
            <Button onClick={() => retry()}>
              <RotateCwIcon aria-hidden="true" />
              Try again
            </Button>
            <Button variant="outline" asChild>
              {/* A full page load, not a client transition: the client router state may be what broke. */}
              {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- deliberate hard navigation */}
              <a href="/clusters">Go to clusters</a>
            </Button>
          </>
        }
      >
        The console couldn&apos;t load this page. Try again; if it keeps failing, the server log has the
        details
        {reference ? " under the reference below." : "."}
      </StatusMessage>
    </StandalonePage>
  );
}
