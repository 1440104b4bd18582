"use client";

import { UserRoundIcon } from "lucide-react";
import * as React from "react";
import {
  ALL_ALLOWED,
  type ClusterPageAction,
  type ClusterPermissions,
  type Decision,
} from "@/lib/teams/permissions";

/**
 * What the person may do on the cluster the page shows (lib/teams/permissions.ts, worked out on the server): its
 * buttons hide what the server would refuse, and terminate and resize ask an admin for a reason on a colleague's
 * cluster. Without a provider, everything is allowed (a person's own cluster).
 */
const PermissionsContext = React.createContext<ClusterPermissions>(ALL_ALLOWED);

export function ClusterPermissionsProvider({
  value,
  children,
}: {
  value: ClusterPermissions | null;
  children: React.ReactNode;
}) {
  return <PermissionsContext.Provider value={value ?? ALL_ALLOWED}>{children}</PermissionsContext.Provider>;
}

export function useMay(action: ClusterPageAction): Decision {
  return React.useContext(PermissionsContext).actions[action];
}

/** One line under the header when the page holds something back: whose cluster it is, and why. */
export function PermissionsNote() {
  const { whose, launchedBy, actions } = React.useContext(PermissionsContext);
  const refused = Object.values(actions).find((d) => !d.allowed);
  const reasons = Object.values(actions).some((d) => d.allowed && d.needsReason);
  if (!refused && !reasons) return null;
  const by =
    whose === "own"
      ? "You launched this cluster."
      : launchedBy
        ? `Launched by ${launchedBy}.`
        : "Launched outside Clusterdeck (the API, the CLI or Runcrate's dashboard).";
  const what =
    refused && !refused.allowed
      ? refused.message
      : "As an admin you may end or resize it: say why, and its owner is told.";
  return (
    <p
      className="flex items-start gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm text-pretty text-muted-foreground"
      data-testid="permissions-note"
    >
      <UserRoundIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {by} {what}
      </span>
    </p>
  );
}
