"use client";

import { RouteError, type ErrorBoundaryProps } from "@/components/shell/route-error";

export default function ClusterError(props: ErrorBoundaryProps) {
  return (
    <RouteError
      {...props}
      title="This cluster page couldn't be shown"
      back={{ href: "/clusters", label: "All clusters" }}
    >
      Something went wrong on the Clusterdeck server. The cluster itself is not affected; it keeps running and
      billing as before.
    </RouteError>
  );
}
