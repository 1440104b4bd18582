import "server-only";
import { type NotificationEvent } from "@/lib/vocabulary/notification-events";
import { EVENT_LABELS, eventPath } from "@/lib/notifications/kinds";
import { escapeHtml, sendMessage, type EmailResult } from "@/lib/server/email";

/** A notification as email: its message, its buttons (Extend, Approve …) and a link to it, over the SMTP transport. */

export function emailContent(event: NotificationEvent, appUrl: string | null) {
  const path = eventPath(event);
  const link = path && appUrl ? new URL(path, appUrl).toString() : null;
  const open = event.cluster && !event.path ? "Open the cluster" : "Open it in Clusterdeck";
  const buttons = appUrl
    ? (event.links ?? []).map((l) => ({ ...l, url: new URL(l.path, appUrl).toString() }))
    : [];
  const subject = `[Clusterdeck] ${event.title}`;
  const text = [
    event.message,
    "",
    ...buttons.map((b) => `${b.label}: ${b.url}`),
    link ? `${open}: ${link}` : null,
    `${EVENT_LABELS[event.type]} · ${event.at}`,
    "",
    "You get this because of your notification settings in Clusterdeck (Settings → Notifications).",
  ]
    .filter((l) => l !== null)
    .join("\n");
  const html =
    `<p>${escapeHtml(event.message)}</p>` +
    buttons.map((b) => `<p><a href="${escapeHtml(b.url)}">${escapeHtml(b.label)}</a></p>`).join("") +
    (link
      ? `<p><a href="${escapeHtml(link)}">${event.cluster && !event.path ? "Open the cluster in Clusterdeck" : "Open it in Clusterdeck"}</a></p>`
      : "") +
    `<p style="color:#666;font-size:12px">${escapeHtml(EVENT_LABELS[event.type])} · ${escapeHtml(event.at)}<br>` +
    "You get this because of your notification settings in Clusterdeck (Settings → Notifications).</p>";
  return { subject, text, html };
}

/** Sends one event's message. Never throws; the SMTP answer code is kept as the attempt's status. */
export async function sendEmail(
  cfg: { url: string; from: string },
  to: string,
  event: NotificationEvent,
  o: { appUrl: string | null; messageId: string },
): Promise<EmailResult> {
  return sendMessage(cfg, to, emailContent(event, o.appUrl), o.messageId);
}
