import "server-only";
import nodemailer, { type Transporter } from "nodemailer";

/**
 * Email over the operator's SMTP server (`SMTP_URL`, e.g. `smtps://user:pass@mail.example.com:465`, and
 * `SMTP_FROM`), with nodemailer's defaults and TLS required. Off when either is unset. Plain text plus a simple HTML
 * part. What is sent: notifications (lib/notifications/server/email.ts), address verification and invites.
 */

export function emailConfig(env: NodeJS.ProcessEnv = process.env): { url: string; from: string } | null {
  const url = env.SMTP_URL?.trim();
  const from = env.SMTP_FROM?.trim();
  return url && from ? { url, from } : null;
}

let cached: { url: string; transport: Transporter } | null = null;

/**
 * SMTP_URL as the transport is made from it. An `smtp://` server is upgraded with STARTTLS, and `requireTLS` refuses
 * to send when it offers none, so a man in the middle cannot strip the upgrade and read the mail. A URL opts out with
 * `?requireTLS=false` (a relay on the same host); `smtps://` is TLS from the start. (nodemailer takes its options
 * from the URL's query when given a URL, and drops the others.)
 */
export function transportUrl(url: string): string {
  if (!/^smtp:/i.test(url) || /[?&]requireTLS=/i.test(url)) return url;
  return `${url}${url.includes("?") ? "&" : "?"}requireTLS=true`;
}

function transportFor(url: string): Transporter {
  if (cached?.url !== url) cached = { url, transport: nodemailer.createTransport(transportUrl(url)) };
  return cached.transport;
}

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );
}

export type EmailResult = {
  ok: boolean;
  durationMs: number;
  error: string | null;
  statusCode: number | null;
};

/**
 * Sends one message (a notification, an address's verification link). Never throws. `messageId` names it: a send
 * retried after a lost answer is recognisable as the same message.
 */
export async function sendMessage(
  cfg: { url: string; from: string },
  to: string,
  c: { subject: string; text: string; html: string },
  messageId: string,
): Promise<EmailResult> {
  const started = performance.now();
  try {
    await transportFor(cfg.url).sendMail({
      from: cfg.from,
      to,
      subject: c.subject,
      text: c.text,
      html: c.html,
      messageId: `<${messageId}@clusterdeck>`,
    });
    return { ok: true, durationMs: Math.round(performance.now() - started), error: null, statusCode: 250 };
  } catch (err) {
    const e = err as { responseCode?: number; code?: string; message?: string };
    return {
      ok: false,
      durationMs: Math.round(performance.now() - started),
      statusCode: typeof e.responseCode === "number" ? e.responseCode : null,
      // The SMTP server's code and nodemailer's error code only: its message can echo the URL's credentials.
      error: e.responseCode ? `SMTP ${e.responseCode}` : (e.code ?? "send failed"),
    };
  }
}
