/**
 * What Clusterdeck tells people about, shared by the server that builds and delivers notifications and
 * the settings pages that choose them. No I/O here: the browser bundles it.
 */

export const NOTIFICATION_EVENTS = [
  "cluster-ready",
  "cluster-degraded",
  "cluster-failed",
  "cluster-terminated",
  "auto-terminated",
  "test-finished",
  "limit-warning",
  "limit-unenforced",
  "balance-low",
  "colleague-action",
  "budget-warning",
  "approval-requested",
  "approval-decided",
] as const;
export type NotificationEventType = (typeof NOTIFICATION_EVENTS)[number];

/** Only the "Send test" button sends this one; it is never stored in the inbox. */
export type DeliveryEventType = NotificationEventType | "test";

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

export const WEBHOOK_FORMATS = ["json", "slack"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** The one shape of a notification, the same for every channel (the webhook's JSON body is built from it). */
export type NotificationEvent = {
  /** Stable per event: the dedupe key ("cluster-ready:c_123"); a retry or a second instance builds the same one. */
  key: string;
  type: DeliveryEventType;
  /** When it happened (ISO 8601). */
  at: string;
  title: string;
  message: string;
  cluster: { id: string; name: string; status: string } | null;
  /** Dollars: the hourly rate and the cost so far (final once the cluster ended). */
  cost: { hourlyRate: number | null; total: number | null; estimated: boolean } | null;
  /** Event-specific figures: timeToReadySeconds, reason, terminatedBy, verdict, peakBusbwGbS, runwayHours, … */
  details: Record<string, string | number | boolean | null>;
  /** The page of an event not about one cluster (an approval request), relative to the console. */
  path?: string;
  /**
   * Buttons in the email and the webhook (approve, deny, extend): links relative to the console, signed for the one
   * recipient and single use. Never shown in the inbox, where the page has the buttons.
   */
  links?: { label: string; path: string }[];
};

/** The page of an event — its own, or its cluster's — relative to the console. */
export function eventPath(e: Pick<NotificationEvent, "cluster" | "path">): string | null {
  if (e.path) return e.path;
  return e.cluster ? `/clusters/${encodeURIComponent(e.cluster.id)}` : null;
}
