import type { NotificationEventType, WebhookFormat } from "@/lib/vocabulary/notification-events";

/** Hosts whose webhook addresses are bearer secrets whatever format they are given (Discord's carry a token). */
const SECRET_URL_HOSTS = /(^|\.)(hooks\.slack\.com|discord\.com|discordapp\.com)$/i;

/**
 * How a webhook's address is shown once saved. A Slack-format receiver's address (Slack, Discord, Mattermost) is the
 * receiver's only credential, so it is shown by its origin alone ("https://hooks.slack.com/…"); a JSON receiver
 * checks the signature on every delivery, so its full address is shown. The address itself is stored sealed.
 */
export function shownWebhookUrl(url: string, format: WebhookFormat): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "(unreadable address)";
  }
  const secret = format === "slack" || SECRET_URL_HOSTS.test(u.hostname);
  return secret ? `${u.origin}/…` : u.toString();
}

/** What GET /api/notifications answers (lib/notifications/server/store.ts inboxView builds it). */
export type InboxView = {
  unread: number;
  items: {
    id: string;
    kind: NotificationEventType;
    clusterId: string | null;
    clusterName: string | null;
    /** The page the entry opens when it is not a cluster's. */
    path: string | null;
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

export const FAILING_AFTER = 3;

/**
 * Whether a webhook's latest FAILING_AFTER attempts, across its logged deliveries, all failed (no 2xx answer):
 * Settings marks it until an attempt gets through.
 */
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

/** A cluster's end, as the inbox records it: after one, its limit warnings offer no Extend. */
const ENDED: readonly string[] = ["cluster-terminated", "auto-terminated", "cluster-failed"];

/**
 * The inbox entries that offer Extend beside them: each cluster's newest limit warning from the last day, unless the
 * cluster ended after it. `entries` newest first, as the inbox lists them.
 */
export function extendableWarnings(
  entries: readonly { id: string; kind: string; clusterId: string | null; createdAt: Date }[],
  now = Date.now(),
): Set<string> {
  const out = new Set<string>();
  const settled = new Set<string>();
  for (const e of entries) {
    if (!e.clusterId || settled.has(e.clusterId)) continue;
    if (ENDED.includes(e.kind)) settled.add(e.clusterId);
    else if (e.kind === "limit-warning") {
      settled.add(e.clusterId);
      if (now - e.createdAt.getTime() < 24 * 3_600_000) out.add(e.id);
    }
  }
  return out;
}
