import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import {
  NOTIFICATION_EVENTS,
  type NotificationEventType,
  type WebhookFormat,
} from "@/lib/vocabulary/notification-events";
import { DecryptionError, seal } from "@/lib/server/crypto/aes-gcm";
import { openWithRing, type KeyRing } from "@/lib/server/crypto/key-ring";
import {
  shownWebhookUrl,
  type DeliveryLogView,
  type WebhookView,
  type WebhookWithLog,
} from "@/lib/notifications/notification-view";
import type { Db } from "@/lib/server/db/client";
import { deliveryAttempts, notificationDeliveries, webhooks, type WebhookRow } from "@/lib/server/db/schema";
import { newWebhookSecret } from "./webhook";

/**
 * Users' webhooks. The signing secret is generated here, returned once (to show the user) and stored sealed with
 * the same AES-256-GCM key ring as Runcrate keys, bound to the row by additional data; only the delivery job opens
 * it, to sign. The address is sealed with it: a Slack or Discord address is its receiver's only credential, so the
 * row keeps in the clear only what is shown (`url`, shownWebhookUrl: the origin alone for those).
 *
 * Row format (`secret_version`): 1 = the secret alone sealed, the full address in `url` (before addresses were
 * sealed); 2 = `{ secret, url }` sealed as JSON, `url` as shown. A format-1 row is sealed again as format 2 by the
 * re-sealing at startup (resealWebhookSecrets) and is delivered to meanwhile as it is.
 */

export const MAX_WEBHOOKS = 10;
const CURRENT_FORMAT = 2;

function aad(userId: string, id: string): string {
  return `clusterdeck/webhook-secret/v1/user:${userId}/webhook:${id}`;
}

export type { WebhookView, DeliveryLogView, WebhookWithLog };

/** What a row seals: the signing secret and, from format 2, the address. */
type Sealed = { secret: string; url: string };

function sealFor(ring: KeyRing, userId: string, id: string, value: Sealed) {
  const sealed = seal(JSON.stringify(value), ring.current, CURRENT_FORMAT, aad(userId, id));
  return {
    secretCiphertext: sealed.ciphertext,
    secretIv: sealed.iv,
    secretTag: sealed.tag,
    secretVersion: sealed.keyVersion,
  };
}

function view(r: WebhookRow): WebhookView {
  return {
    id: r.id,
    // Applied again on reading: a format-1 row not yet re-sealed still holds the full address.
    url: shownWebhookUrl(r.url, r.format),
    events: NOTIFICATION_EVENTS.filter((e) => r.events.includes(e)),
    format: r.format,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function createWebhook(
  db: Db,
  userId: string,
  w: { url: string; events: NotificationEventType[]; format: WebhookFormat },
  ring: KeyRing,
): Promise<{ webhook: WebhookView; secret: string } | { error: string }> {
  const existing = await db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.userId, userId));
  if (existing.length >= MAX_WEBHOOKS) return { error: `At most ${MAX_WEBHOOKS} webhooks per user.` };
  const id = crypto.randomUUID();
  const secret = newWebhookSecret();
  const sealed = sealFor(ring, userId, id, { secret, url: w.url });
  const [row] = await db
    .insert(webhooks)
    .values({
      id,
      userId,
      events: w.events,
      format: w.format,
      ...sealed,
      url: shownWebhookUrl(w.url, w.format),
    })
    .returning();
  return { webhook: view(row!), secret };
}

export async function listWebhooks(db: Db, userId: string): Promise<WebhookView[]> {
  const rows = await db
    .select()
    .from(webhooks)
    .where(eq(webhooks.userId, userId))
    .orderBy(asc(webhooks.createdAt));
  return rows.map(view);
}

export async function deleteWebhook(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)))
    .returning({ id: webhooks.id });
  return rows.length === 1;
}

/** A webhook with its secret opened, for signing one delivery. Null when it was deleted. */
export async function webhookForDelivery(
  db: Db,
  id: string,
  ring: KeyRing,
): Promise<{ url: string; format: WebhookFormat; secret: string } | null> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  if (!row) return null;
  return { format: row.format, ...openRow(ring, row).value };
}

/**
 * A webhook row's secret and address, opened with whichever secret of the ring sealed it (DecryptionError if none);
 * `stale`: sealed with a previous secret or in format 1, so to be sealed again.
 */
function openRow(ring: KeyRing, row: WebhookRow): { value: Sealed; stale: boolean } {
  const sealed = { ciphertext: row.secretCiphertext, iv: row.secretIv, tag: row.secretTag };
  const { plaintext, stale } = openWithRing(ring, sealed, aad(row.userId, row.id));
  if (row.secretVersion < 2) return { value: { secret: plaintext, url: row.url }, stale: true };
  const value = JSON.parse(plaintext) as Sealed;
  return { value, stale };
}

/**
 * Key rotation (docs/security.md): every webhook secret that opens only with a previous CLUSTERDECK_ENCRYPTION_KEY is
 * sealed again with the current one, so the previous secret can be removed; a format-1 row is sealed as format 2
 * (its address sealed, only what is shown left in `url`). A row changed meanwhile is left alone.
 */
export async function resealWebhookSecrets(
  db: Db,
  ring: KeyRing,
): Promise<{ checked: number; resealed: number; unreadable: number }> {
  const rows = await db.select().from(webhooks);
  let resealed = 0;
  let unreadable = 0;
  for (const row of rows) {
    let opened: { value: Sealed; stale: boolean };
    try {
      opened = openRow(ring, row);
    } catch (err) {
      if (!(err instanceof DecryptionError)) throw err;
      unreadable++;
      continue;
    }
    if (!opened.stale) continue;
    const next = sealFor(ring, row.userId, row.id, opened.value);
    const updated = await db
      .update(webhooks)
      .set({ ...next, url: shownWebhookUrl(opened.value.url, row.format) })
      .where(and(eq(webhooks.id, row.id), eq(webhooks.secretCiphertext, row.secretCiphertext)))
      .returning({ id: webhooks.id });
    if (updated.length === 1) resealed++;
  }
  return { checked: rows.length, resealed, unreadable };
}

/** The latest deliveries of one of the user's webhooks, each with every attempt (newest delivery first). */
export async function webhookDeliveries(
  db: Db,
  userId: string,
  webhookId: string,
  limit = 20,
): Promise<DeliveryLogView[]> {
  const rows = await db
    .select()
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.webhookId, webhookId), eq(notificationDeliveries.userId, userId)))
    .orderBy(desc(notificationDeliveries.createdAt))
    .limit(limit);
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(deliveryAttempts)
    .where(
      inArray(
        deliveryAttempts.deliveryId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(deliveryAttempts.attempt));
  return rows.map((r) => ({
    id: r.id,
    eventType: r.eventType,
    title: r.payload.title,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    attempts: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({
        attempt: a.attempt,
        at: a.at.toISOString(),
        durationMs: a.durationMs,
        statusCode: a.statusCode,
        error: a.error,
      })),
  }));
}

/** Every webhook of the user with its latest deliveries (GET /api/webhooks). */
export async function webhooksWithLog(db: Db, userId: string): Promise<WebhookWithLog[]> {
  const hooks = await listWebhooks(db, userId);
  return Promise.all(
    hooks.map(async (h) => ({ ...h, deliveries: await webhookDeliveries(db, userId, h.id, 10) })),
  );
}
