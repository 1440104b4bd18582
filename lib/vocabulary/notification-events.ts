/**
 * What Clusterdeck tells people about, and the one shape of a notification.
 *
 * Stored words: they type the notification tables' columns (lib/server/db/schema/notifications.ts) and the settings
 * pages that choose them, so they sit below both, plain values and types that import nothing.
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
