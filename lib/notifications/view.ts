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

export type WebhookWithLog = WebhookView & { deliveries: DeliveryLogView[] };
