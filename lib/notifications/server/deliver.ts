import "server-only";
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import { keyRing, type KeyRing } from "@/lib/server/crypto/key-ring";
import type { Db } from "@/lib/server/db/client";
import { deliveryAttempts, notificationDeliveries } from "@/lib/server/db/schema";
import { parseConfig } from "@/lib/server/env";
import { configuredOrigin, storedOrigin } from "@/lib/server/mail-origin";
import { log } from "@/lib/server/log";
import { allowedTargets, allowPrivateTargets, type AllowedTargets, type Resolver } from "./address";
import { emailConfig } from "@/lib/server/email";
import { sendEmail } from "./email";
import { userEmail } from "./store";
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  postWebhook,
  signatureHeader,
  type PostResult,
  webhookBody,
} from "./webhook";
import { webhookForDelivery } from "./webhooks-store";

/**
 * One attempt at one delivery row. The attempt claims its row with a lease (so a duplicate job, or a second instance,
 * sends nothing while the first holds it), sends, logs it, and on failure says when to try again, with exponential
 * backoff until a day has passed since the event. The queue that runs the attempts is ./delivery-queue.ts.
 *
 * At most once per channel is the delivery row (unique per event and target); a receiver sees the same delivery id
 * on every attempt of it, so the rare resend after a crash between the POST and its record is recognisable.
 */

const LEASE_MS = 60_000;
export const RETRY_WINDOW_MS = 24 * 3_600_000;
const MAX_DELAY_MS = 3_600_000;

const deliveryEnv = z.object({
  /** First retry delay; each next one doubles (30 s, 1 min, 2 min … at most 1 h), for a day. Tests shorten it. */
  NOTIFY_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** A webhook receiver's time to answer. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(5_000),
});

export function deliveryConfig() {
  return parseConfig(deliveryEnv, "notification");
}

/** The wait before attempt `attempt + 1` after `attempt` failures (1-based): base × 2^(attempt-1), capped at 1 h. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, Math.min(20, attempt - 1)));
}

const deliverLog = log.child({ area: "notifications" });

export type DeliveryDeps = {
  db: Db;
  ring: KeyRing;
  now: () => number;
  retryBaseMs: number;
  timeoutMs: number;
  allowPrivate: boolean;
  allow?: AllowedTargets;
  appUrl: string | null;
  email: { url: string; from: string } | null;
  resolve?: Resolver;
};

export function deliveryDeps(db: Db): DeliveryDeps {
  const cfg = deliveryConfig();
  return {
    db,
    ring: keyRing(),
    now: () => Date.now(),
    retryBaseMs: cfg.NOTIFY_RETRY_BASE_MS,
    timeoutMs: cfg.WEBHOOK_TIMEOUT_MS,
    allowPrivate: allowPrivateTargets(),
    allow: allowedTargets(),
    appUrl: configuredOrigin(),
    email: emailConfig(),
  };
}

export type AttemptOutcome = "delivered" | "retry" | "failed" | "skipped";

/** One attempt at one delivery. Returns what happened and, for a retry, when to try again. */
export async function runDelivery(
  deps: DeliveryDeps,
  deliveryId: string,
): Promise<{ outcome: AttemptOutcome; retryInMs: number | null }> {
  const { db } = deps;
  const now = new Date(deps.now());
  const [row] = await db
    .update(notificationDeliveries)
    .set({
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      attempts: sql`${notificationDeliveries.attempts} + 1`,
    })
    .where(
      and(
        eq(notificationDeliveries.id, deliveryId),
        eq(notificationDeliveries.status, "pending"),
        lte(notificationDeliveries.nextAt, now),
        or(isNull(notificationDeliveries.leaseUntil), lte(notificationDeliveries.leaseUntil, now)),
      ),
    )
    .returning();
  if (!row) {
    // A job that came early (the queue's clock is the database's) comes back when the row is due; anything else —
    // delivered, given up, or another worker holding it — is done here.
    const [early] = await db
      .select({ nextAt: notificationDeliveries.nextAt, leaseUntil: notificationDeliveries.leaseUntil })
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.id, deliveryId), eq(notificationDeliveries.status, "pending")));
    const wait = early && early.leaseUntil === null ? early.nextAt.getTime() - now.getTime() : 0;
    return { outcome: "skipped", retryInMs: wait > 0 ? wait : null };
  }
  const event = row.payload;
  // Links are made absolute with AUTH_URL, else with the instance's own origin (never a request's: app-origin.ts).
  const appUrl = deps.appUrl ?? (await storedOrigin(db));
  // A webhook's answer, or an email's (the same fields, without a detail for the log).
  let result: PostResult;
  let permanent = false;
  if (row.channel === "webhook") {
    const hook = row.webhookId ? await webhookForDelivery(db, row.webhookId, deps.ring) : null;
    if (!hook) {
      result = { ok: false, statusCode: null, durationMs: 0, error: "the webhook was deleted" };
      permanent = true;
    } else {
      const body = webhookBody(event, hook.format, row.id, appUrl);
      const ts = Math.floor(deps.now() / 1000);
      result = await postWebhook(
        hook.url,
        body,
        {
          [SIGNATURE_HEADER]: signatureHeader(hook.secret, ts, body),
          [DELIVERY_HEADER]: row.id,
          [EVENT_HEADER]: event.type,
        },
        {
          allowPrivate: deps.allowPrivate,
          allow: deps.allow,
          timeoutMs: deps.timeoutMs,
          resolve: deps.resolve,
        },
      );
    }
  } else {
    const to = await userEmail(db, row.userId);
    if (!deps.email || !to) {
      result = {
        ok: false,
        statusCode: null,
        durationMs: 0,
        error: "email is not configured on this server",
      };
      permanent = true;
    } else {
      result = await sendEmail(deps.email, to, event, { appUrl, messageId: row.id });
    }
  }
  const after = deps.now();
  const delay = retryDelayMs(row.attempts, deps.retryBaseMs);
  // A test is for the person watching the log now: one attempt, never a day of retries behind real events.
  const giveUp =
    permanent || row.eventType === "test" || after + delay - row.createdAt.getTime() > RETRY_WINDOW_MS;
  const status = result.ok ? "delivered" : giveUp ? "failed" : "pending";
  await db.transaction(async (tx) => {
    await tx.insert(deliveryAttempts).values({
      deliveryId: row.id,
      attempt: row.attempts,
      at: now,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      error: result.error?.slice(0, 300) ?? null,
    });
    await tx
      .update(notificationDeliveries)
      .set({
        status,
        leaseUntil: null,
        lastError: result.error?.slice(0, 300) ?? null,
        deliveredAt: result.ok ? new Date(after) : null,
        nextAt: status === "pending" ? new Date(after + delay) : row.nextAt,
      })
      .where(eq(notificationDeliveries.id, row.id));
  });
  if (!result.ok) {
    deliverLog.warn(
      {
        deliveryId: row.id,
        channel: row.channel,
        attempt: row.attempts,
        status: result.statusCode,
        ...(result.detail ? { detail: result.detail } : {}),
        giveUp,
      },
      "notification delivery failed",
    );
  }
  return {
    outcome: status === "delivered" ? "delivered" : status === "failed" ? "failed" : "retry",
    retryInMs: status === "pending" ? delay : null,
  };
}
