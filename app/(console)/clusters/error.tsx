"use client";

import { RouteError, type ErrorBoundaryProps } from "@/components/shell/route-error";

export default function ClustersError(props: ErrorBoundaryProps) {
  return (
    <RouteError
      {...props}
      title="The cluster list couldn't be shown"
      back={{ href: "/offers", label: "Browse offers" }}
    >
      Something went wrong on the Clusterdeck server while loading your clusters. Your clusters on Runcrate
      are not affected.
    </RouteError>
  );
}
