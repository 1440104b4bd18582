import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { type NotificationEvent, type WebhookFormat } from "@/lib/vocabulary/notification-events";
import { EVENT_LABELS, eventPath } from "@/lib/notifications/kinds";
import { guardedLookup, mayReach, type AllowedTargets, type Resolver } from "./address";

/**
 * A webhook delivery: the body (plain JSON with the fields docs/notifications.md lists, or Slack's `{"text": …}`), its
 * signature and one POST that follows no redirect, gives up after a short timeout and reads a few KB of the answer at
 * most.
 *
 * Signature: `Clusterdeck-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` — the scheme
 * Stripe uses, so a receiver checks both the body and its freshness with one line of HMAC.
 */

export const SIGNATURE_HEADER = "clusterdeck-signature";
export const DELIVERY_HEADER = "clusterdeck-delivery";
export const EVENT_HEADER = "clusterdeck-event";

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export function signatureOf(secret: string, timestampSeconds: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestampSeconds}.${body}`).digest("hex");
}

export function signatureHeader(secret: string, timestampSeconds: number, body: string): string {
  return `t=${timestampSeconds},v1=${signatureOf(secret, timestampSeconds, body)}`;
}

/** What a receiver does (the README's snippet does the same): true when the header signs this body recently. */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  o: { nowSeconds: number; toleranceSeconds?: number },
): boolean {
  const parts = Object.fromEntries(
    header.split(",").map((p) => {
      const i = p.indexOf("=");
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  if (Math.abs(o.nowSeconds - t) > (o.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), "hex");
  const given = Buffer.from(String(parts.v1), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The JSON body (documented in docs/notifications.md, "Webhook payload", and tested against it). */
export function webhookPayload(event: NotificationEvent, deliveryId: string, appUrl: string | null) {
  const path = eventPath(event);
  return {
    id: deliveryId,
    event: event.type,
    event_key: event.key,
    time: event.at,
    title: event.title,
    message: event.message,
    cluster: event.cluster,
    cost: event.cost && {
      hourly_rate: event.cost.hourlyRate,
      total: event.cost.total,
      estimated: event.cost.estimated,
    },
    details: event.details,
    link: path === null ? null : appUrl ? new URL(path, appUrl).toString() : path,
    /** Signed single-use links for this recipient (approve, deny, extend), when the event has any. */
    actions: (event.links ?? []).map((l) => ({
      label: l.label,
      url: appUrl ? new URL(l.path, appUrl).toString() : l.path,
    })),
  };
}

/**
 * Slack's text escaping: `&`, `<` and `>` are its markup (`<url|label>`, `<!channel>`), so a cluster named
 * `<!channel>` or `<https://evil|Open>` is shown as text instead of pinging everyone or linking elsewhere.
 */
function slackEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function webhookBody(
  event: NotificationEvent,
  format: WebhookFormat,
  deliveryId: string,
  appUrl: string | null,
): string {
  const p = webhookPayload(event, deliveryId, appUrl);
  if (format === "slack") {
    const link = p.link && /^https?:/.test(p.link) ? ` <${slackEscape(p.link)}|Open in Clusterdeck>` : "";
    const actions = p.actions
      .filter((a) => /^https?:/.test(a.url))
      .map((a) => ` <${slackEscape(a.url)}|${slackEscape(a.label)}>`)
      .join(" ·");
    return JSON.stringify({
      text: `*${EVENT_LABELS[event.type]}*: ${slackEscape(event.message)}${actions}${link}`,
    });
  }
  return JSON.stringify(p);
}

export type PostResult = {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  /** What the delivery log shows the webhook's owner. */
  error: string | null;
  /** What only the server log shows: why no HTTP answer came (a connection error's code, a timeout). */
  detail?: string;
};

/**
 * The one thing the delivery log says when no HTTP answer came back, whatever the reason (refused, timed out, reset,
 * not found): telling them apart would make the webhook form a scanner of other people's hosts and ports. The
 * reason goes to the server log with the delivery's id.
 */
export const NO_HTTP_ANSWER = "no HTTP answer from the receiver";

export const MAX_RESPONSE_BYTES = 4_096;

/** POSTs once. Never throws: every outcome is a result (a refused address, a timeout, a 3xx, a 5xx). */
export async function postWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  o: { allowPrivate: boolean; allow?: AllowedTargets; timeoutMs: number; resolve?: Resolver },
): Promise<PostResult> {
  const started = performance.now();
  const done = (r: Omit<PostResult, "durationMs">): PostResult => ({
    ...r,
    durationMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return done({ ok: false, statusCode: null, error: "invalid URL" });
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!o.allowPrivate && isIP(host) && !mayReach(host, host, o.allow)) {
    return done({ ok: false, statusCode: null, error: "refused: a private, loopback or link-local address" });
  }
  const lib = url.protocol === "https:" ? https : url.protocol === "http:" ? http : null;
  if (!lib) return done({ ok: false, statusCode: null, error: "only http and https URLs" });
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<PostResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    const req = lib.request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "Clusterdeck-Webhook/1",
          ...headers,
        },
        lookup: guardedLookup(o.allowPrivate, o.resolve, o.allow),
        // One connection per delivery: no keep-alive pool shared with other hosts.
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          // A few KB are enough to know it answered; a receiver that streams more is cut off.
          if (read >= MAX_RESPONSE_BYTES) res.destroy();
        });
        const end = () =>
          finish({
            ok: status >= 200 && status < 300,
            statusCode: status,
            error:
              status >= 300 && status < 400
                ? "redirects are not followed"
                : status >= 200 && status < 300
                  ? null
                  : `HTTP ${status}`,
          });
        res.on("end", end);
        res.on("close", end);
        res.on("error", end);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({
        ok: false,
        statusCode: null,
        error: NO_HTTP_ANSWER,
        detail: `no answer within ${o.timeoutMs} ms`,
      });
    }, o.timeoutMs);
    req.on("error", (err: NodeJS.ErrnoException) => {
      finish(
        err.code === "EFORBIDDENADDRESS"
          ? {
              ok: false,
              statusCode: null,
              error: "refused: the host resolves to a private, loopback or link-local address",
            }
          : { ok: false, statusCode: null, error: NO_HTTP_ANSWER, detail: err.code ?? "network error" },
      );
    });
    req.end(body);
  });
}
