import { HistoryIcon } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { AuditAction } from "@/lib/vocabulary/audit-actions";
import type { AuditView } from "@/lib/audit/audit";
import { formatDateTime } from "@/lib/format/date";
import { EmptyState } from "@/components/common/empty-state";

export type { AuditView };

export const ACTION_LABEL: Record<
  AuditAction,
  { label: string; variant: "success" | "info" | "brand" | "destructive" }
> = {
  launch: { label: "Launched", variant: "success" },
  resize: { label: "Resized", variant: "info" },
  test: { label: "Tested", variant: "brand" },
  terminate: { label: "Terminated", variant: "destructive" },
  "auto-terminate": { label: "Auto-terminated", variant: "destructive" },
  limits: { label: "Limits", variant: "info" },
  "key-added": { label: "Team key added", variant: "info" },
  "key-rotated": { label: "Team key replaced", variant: "info" },
  "key-activated": { label: "Team key chosen", variant: "info" },
  "key-removed": { label: "Team key removed", variant: "destructive" },
  "member-invited": { label: "Invited", variant: "info" },
  "invite-revoked": { label: "Invite revoked", variant: "destructive" },
  "member-joined": { label: "Joined", variant: "success" },
  "member-role-changed": { label: "Role changed", variant: "info" },
  "member-removed": { label: "Removed", variant: "destructive" },
  "member-left": { label: "Left", variant: "info" },
  "cluster-transferred": { label: "Handed on", variant: "info" },
  "team-deleted": { label: "Team deleted", variant: "destructive" },
  "auto-join-changed": { label: "Joining by domain", variant: "info" },
  "policy-changed": { label: "Policy changed", variant: "info" },
  "budget-changed": { label: "Budget changed", variant: "info" },
  "approval-requested": { label: "Approval asked", variant: "info" },
  "approval-approved": { label: "Approved", variant: "info" },
  "approval-denied": { label: "Denied", variant: "info" },
  "sign-up-mode-changed": { label: "Sign-up changed", variant: "info" },
  "mail-origin-changed": { label: "Mail address changed", variant: "info" },
};

export function AuditTable({ entries }: { entries: AuditView[] }) {
  if (entries.length === 0) {
    return (
      <EmptyState icon={<HistoryIcon aria-hidden="true" />} title="Nothing recorded yet">
        <p className="mt-1 max-w-md text-sm text-pretty text-muted-foreground">
          Launching, resizing, testing and terminating clusters from Clusterdeck shows up here, with the key
          that was used.
        </p>
      </EmptyState>
    );
  }
  return (
    <>
      {/* Narrow screens: one card per entry instead of a six-column table. */}
      <ul className="divide-y rounded-lg border md:hidden" aria-label="Audit entries">
        {entries.map((e) => {
          const action = ACTION_LABEL[e.action] ?? { label: e.action, variant: "info" as const };
          return (
            <li key={e.id} className="flex flex-col gap-1.5 px-4 py-3 text-sm">
              <div className="flex items-center justify-between gap-3">
                <Badge variant={action.variant}>{action.label}</Badge>
                <When at={e.at} className="text-xs text-muted-foreground" />
              </div>
              <ClusterRef entry={e} className="font-medium" />
              <p className="text-[13px] text-muted-foreground">
                {e.keyLabel ? `Key ${e.keyLabel} · ` : ""}
                {e.actorEmail}
                {e.address ? ` from ${e.address}` : ""}
                {e.detail ? ` · ${e.detail}` : ""}
              </p>
            </li>
          );
        })}
      </ul>
      <div className="hidden rounded-lg border md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>Cluster</TableHead>
              <TableHead>Key</TableHead>
              <TableHead>By</TableHead>
              <TableHead>Detail</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((e) => {
              const action = ACTION_LABEL[e.action] ?? { label: e.action, variant: "info" as const };
              return (
                <TableRow key={e.id}>
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={e.at} title={e.address ? `${e.at} · from ${e.address}` : e.at}>
                      {formatDateTime(e.at)}
                    </time>
                  </TableCell>
                  <TableCell>
                    <Badge variant={action.variant}>{action.label}</Badge>
                  </TableCell>
                  <TableCell className="max-w-56 truncate">
                    <ClusterRef entry={e} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{e.keyLabel}</TableCell>
                  <TableCell
                    className="max-w-48 truncate"
                    title={e.address ? `from ${e.address}` : undefined}
                  >
                    {e.actorEmail}
                  </TableCell>
                  <TableCell
                    className="max-w-72 truncate text-muted-foreground"
                    title={e.detail ?? undefined}
                  >
                    {e.detail ?? "—"}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </>
  );
}

function When({ at, className }: { at: string; className?: string }) {
  return (
    <time dateTime={at} title={at} className={className}>
      {formatDateTime(at)}
    </time>
  );
}

/** The cluster's page, and its history here: the console's entries beside what Runcrate recorded. */
function ClusterRef({ entry: e, className }: { entry: AuditView; className?: string }) {
  if (!e.clusterId) return <span className={className}>{e.clusterName ?? "—"}</span>;
  const name = e.clusterName ?? e.clusterId;
  return (
    <span className="flex min-w-0 items-baseline gap-2">
      <Link
        href={`/clusters/${encodeURIComponent(e.clusterId)}`}
        className={`truncate text-brand underline-offset-4 hover:underline ${className ?? ""}`}
      >
        {name}
      </Link>
      <Link
        href={`/settings/audit?cluster=${encodeURIComponent(e.clusterId)}`}
        aria-label={`History of ${name}`}
        className="shrink-0 text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
      >
        History
      </Link>
    </span>
  );
}
