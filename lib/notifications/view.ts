import type { NotificationEventType, WebhookFormat } from "@/lib/notifications/kinds";

/** What GET /api/notifications answers (lib/server/notifications/store.ts inboxView builds it). */
export type InboxView = {
  unread: number;
  items: {
    id: string;
    kind: NotificationEventType;
    clusterId: string | null;
    clusterName: string | null;
    message: string;
    createdAt: string;
    read: boolean;
  }[];
};

export type WebhookView = {
  id: string;
  url: string;
  events: NotificationEventType[];
  format: WebhookFormat;
  createdAt: string;
};

export type DeliveryLogView = {
  id: string;
  eventType: string;
  title: string;
  status: "pending" | "delivered" | "failed";
  createdAt: string;
  attempts: {
    attempt: number;
    at: string;
    durationMs: number;
    statusCode: number | null;
    error: string | null;
  }[];
};

/**
 * `failing`: the receiver's latest FAILING_AFTER attempts all failed (no 2xx answer), so Settings marks the webhook
 * until an attempt gets through.
 */
export type WebhookWithLog = WebhookView & { deliveries: DeliveryLogView[]; failing: boolean };

export const FAILING_AFTER = 3;

/** Whether a webhook's latest FAILING_AFTER attempts, across its logged deliveries, all failed. */
export function isFailing(deliveries: readonly DeliveryLogView[]): boolean {
  const latest = deliveries
    .flatMap((d) => d.attempts)
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    .slice(0, FAILING_AFTER);
  return (
    latest.length === FAILING_AFTER &&
    latest.every((a) => a.statusCode === null || a.statusCode < 200 || a.statusCode >= 300)
  );
}
