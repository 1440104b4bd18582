/**
 * How notifications read and what people get by default, shared by the server that builds and delivers them and the
 * settings pages that choose them. No I/O here: the browser bundles it. The events themselves are stored words
 * (lib/vocabulary/notification-events.ts).
 */
import {
  NOTIFICATION_EVENTS,
  type DeliveryEventType,
  type NotificationEvent,
  type NotificationEventType,
} from "@/lib/vocabulary/notification-events";

export const EVENT_LABELS: Record<DeliveryEventType, string> = {
  "cluster-ready": "Cluster ready",
  "cluster-degraded": "Cluster degraded",
  "cluster-failed": "Cluster failed",
  "cluster-terminated": "Cluster terminated",
  "auto-terminated": "Auto-terminated at a limit",
  "test-finished": "NCCL test finished",
  "limit-warning": "Limit ends soon",
  "limit-unenforced": "Limit not enforced",
  "balance-low": "Balance low",
  "colleague-action": "An admin ended, resized or handed you a cluster",
  "budget-warning": "A team budget is 50, 80 or 100 % spent",
  "approval-requested": "A launch asks for your approval",
  "approval-decided": "Your request was approved or denied",
  test: "Test delivery",
};

export function isNotificationEvent(v: string): v is NotificationEventType {
  return (NOTIFICATION_EVENTS as readonly string[]).includes(v);
}

export type NotificationPrefs = {
  inbox: NotificationEventType[];
  email: NotificationEventType[];
  /** Tell me when a key's runway falls below this many hours. */
  balanceLowHours: number;
};

export const DEFAULT_PREFS: NotificationPrefs = {
  inbox: [...NOTIFICATION_EVENTS],
  email: [
    "cluster-degraded",
    "cluster-failed",
    "limit-warning",
    "auto-terminated",
    "balance-low",
    "colleague-action",
    "budget-warning",
    "approval-requested",
    "approval-decided",
  ],
  balanceLowHours: 2,
};

/** The page of an event — its own, or its cluster's — relative to the console. */
export function eventPath(e: Pick<NotificationEvent, "cluster" | "path">): string | null {
  if (e.path) return e.path;
  return e.cluster ? `/clusters/${encodeURIComponent(e.cluster.id)}` : null;
}
