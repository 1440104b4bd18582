"use client";

import { useEffect } from "react";
import Link from "next/link";
import { RotateCwIcon, TriangleAlertIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { StatusMessage } from "@/components/shell/status-message";
import { errorReference } from "@/components/shell/error-digest";

/** The props Next passes an error.tsx boundary. `retry` refreshes the server data and re-renders. */
export type ErrorBoundaryProps = { error: unknown; retry: () => void };

/**
 * What every error.tsx shows: what happened (never the error's message or stack, only Next's digest as a reference
 * for the server log), Try again, and a way back. `hard` makes the way back a full page load, for when the client
 * router itself may be what broke.
 */
export function RouteError({
  error,
  retry,
  title,
  children,
  back = { href: "/clusters", label: "Go to clusters" },
  hard = false,
}: ErrorBoundaryProps & {
  title: string;
  children: React.ReactNode;
  back?: { href: string; label: string };
  hard?: boolean;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  const reference = errorReference(error);
  return (
    <StatusMessage
      icon={<TriangleAlertIcon aria-hidden="true" />}
      title={title}
      reference={reference}
      actions={
        <>
          <Button onClick={() => retry()}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
          <Button variant="outline" asChild>
            {hard ? <a href={back.href}>{back.label}</a> : <Link href={back.href}>{back.label}</Link>}
          </Button>
        </>
      }
    >
      {children}
      {reference
        ? " If it keeps happening, the server log has the details under the reference below."
        : " If it keeps happening, the server log has the details."}
    </StatusMessage>
  );
}
