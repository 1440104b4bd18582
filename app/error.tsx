"use client";

import { StandalonePage } from "@/components/shell/standalone-page";
import { RouteError, type ErrorBoundaryProps } from "@/components/shell/route-error";

/** The console layout itself failed (e.g. bad configuration): no shell to fall back on, so a standalone page. */
export default function RootError(props: ErrorBoundaryProps) {
  return (
    <StandalonePage>
      {/* A full page load, not a client transition: the client router state may be what broke. */}
      <RouteError {...props} title="Clusterdeck hit an error" hard>
        The console couldn&apos;t load this page. Try again in a moment.
      </RouteError>
    </StandalonePage>
  );
}
