import "server-only";
import { formatDateTime } from "@/lib/format/date";
import type { NotificationEvent } from "@/lib/notifications/kinds";
import type { ApprovalRequestRow } from "@/lib/server/db/schema";

/** What the team's admins and the requester are told about a request (lib/approvals/server/approvals.ts). */

export function requestedEvent(
  r: ApprovalRequestRow,
  o: { teamName: string; requester: string; links: NotificationEvent["links"] },
): NotificationEvent {
  return {
    key: `approval-requested:${r.id}`,
    type: "approval-requested",
    at: r.createdAt.toISOString(),
    title: `${o.requester} asks to launch outside ${o.teamName}'s rules`,
    message: `${o.requester} asks to launch ${r.summary} in ${o.teamName}. ${r.breaches.join(" ")} Their reason: “${r.reason}”. The request expires ${formatDateTime(r.expiresAt)}.`,
    cluster: null,
    cost: null,
    details: { requestId: r.id, requester: o.requester, team: o.teamName },
    path: `/approvals/${r.id}`,
    links: o.links,
  };
}

export function decidedEvent(
  r: ApprovalRequestRow,
  o: {
    by: string | null;
    status: "approved" | "denied" | "failed" | "expired";
    cluster?: { id: string; name: string };
  },
): NotificationEvent {
  const what = r.summary.split(":")[0] ?? "your cluster";
  const title = {
    approved: `Your launch of ${what} was approved`,
    denied: `Your launch of ${what} was denied`,
    failed: `Your launch of ${what} was approved but did not start`,
    expired: `Your request to launch ${what} expired`,
  }[o.status];
  const note = r.note ? ` Their note: “${r.note}”.` : "";
  const message = {
    approved: `${o.by} approved your launch of ${r.summary}; it is starting.${note}`,
    denied: `${o.by} denied your launch of ${r.summary}.${note}`,
    failed: `${o.by} approved your launch of ${r.summary}, but it could not start: ${r.outcome ?? "the launch failed"}.${note}`,
    expired: `No admin decided on your launch of ${r.summary} in time; launch again or ask again.`,
  }[o.status];
  return {
    key: `approval-decided:${r.id}`,
    type: "approval-decided",
    at: new Date().toISOString(),
    title,
    message,
    cluster: o.cluster ? { ...o.cluster, status: "provisioning" } : null,
    cost: null,
    details: { requestId: r.id, status: o.status, decidedBy: o.by },
    path: o.cluster ? undefined : `/approvals/${r.id}`,
  };
}
