"use client";

import { RouteError, type ErrorBoundaryProps } from "@/components/shell/route-error";

/** A console page failed to render. The shell stays; the user can retry or go back to the cluster list. */
export default function ConsoleError(props: ErrorBoundaryProps) {
  return (
    <RouteError {...props} title="This page couldn't be loaded">
      Something went wrong while preparing this page. It is often temporary, so try again in a moment.
    </RouteError>
  );
}
