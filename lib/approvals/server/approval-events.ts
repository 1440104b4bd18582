import "server-only";
import { createNotifier } from "@/lib/notifications/server/delivery-queue";
import { processEngine } from "@/lib/server/jobs/process-engine";
import type { Db } from "@/lib/server/db/client";
import { formatDateTime } from "@/lib/format/date";
import type { NotificationEvent } from "@/lib/vocabulary/notification-events";
import type { ApprovalRequestRow } from "@/lib/server/db/schema";
import { KIND_NOUN, type ApprovalKind } from "@/lib/approvals/approval";

/** What a request asks to do, after "asks to". */
const ASKS: Record<ApprovalKind, string> = { launch: "launch", extend: "extend", resize: "resize" };

/** What the team's admins and the requester are told about a request (lib/approvals/server/approvals.ts). */

export function requestedEvent(
  r: ApprovalRequestRow,
  o: { teamName: string; requester: string; links: NotificationEvent["links"] },
): NotificationEvent {
  return {
    key: `approval-requested:${r.id}`,
    type: "approval-requested",
    at: r.createdAt.toISOString(),
    title: `${o.requester} asks to ${ASKS[r.kind]} outside ${o.teamName}'s rules`,
    message: `${o.requester} asks to ${ASKS[r.kind]} ${r.summary} in ${o.teamName}. ${r.breaches.join(" ")} Their reason: “${r.reason}”. The request expires ${formatDateTime(r.expiresAt)}.`,
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
  const noun = KIND_NOUN[r.kind];
  const title = {
    approved: `Your ${noun} of ${what} was approved`,
    denied: `Your ${noun} of ${what} was denied`,
    failed: `Your ${noun} of ${what} was approved but ${r.kind === "launch" ? "did not start" : "was not done"}`,
    expired: `Your request for the ${noun} of ${what} expired`,
  }[o.status];
  const note = r.note ? ` Their note: “${r.note}”.` : "";
  const message = {
    approved: `${o.by} approved your ${noun} of ${r.summary}; ${r.kind === "launch" ? "it is starting" : `it is done: ${r.outcome ?? "done"}`}.${note}`,
    denied: `${o.by} denied your ${noun} of ${r.summary}.${note}`,
    failed: `${o.by} approved your ${noun} of ${r.summary}, but ${r.kind === "launch" ? "it could not start" : "it could not be done"}: ${r.outcome ?? "it failed"}.${note}`,
    expired: `No admin decided on your ${noun} of ${r.summary} in time; ${r.kind === "launch" ? "launch again" : "try again"} or ask again.`,
  }[o.status];
  return {
    key: `approval-decided:${r.id}`,
    type: "approval-decided",
    at: new Date().toISOString(),
    title,
    message,
    cluster: o.cluster ? { ...o.cluster, status: r.kind === "launch" ? "provisioning" : "ready" } : null,
    cost: null,
    details: { requestId: r.id, status: o.status, decidedBy: o.by },
    path: o.cluster ? undefined : `/approvals/${r.id}`,
  };
}

/** Sends what a request's people are told through the job queue's delivery. */
export function notifier(db: Db) {
  return createNotifier(db, async () => (await processEngine()).boss);
}
