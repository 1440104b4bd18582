import "server-only";
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import {
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  type NotificationEventType,
} from "@/lib/vocabulary/notification-events";
import { DEFAULT_PREFS, type NotificationPrefs } from "@/lib/notifications/kinds";
import type { InboxView } from "@/lib/notifications/notification-view";
import type { Db } from "@/lib/server/db/client";
import {
  auditLog,
  inboxEntries,
  notificationDeliveries,
  notificationPrefs,
  users,
  webhooks,
} from "@/lib/server/db/schema";

/**
 * Where an event goes, exactly once per channel: the inbox row (unique per user and event key, the table spending limits
 * started), and one delivery row per other channel (unique per user, event key and target — "email" or a webhook's
 * id). Both are written in one transaction with `on conflict do nothing`, so two instances building the same event,
 * or a guard run repeated after a crash, insert nothing the second time. Delivery rows are then sent by jobs
 * (lib/notifications/server/deliver.ts).
 */

function onlyKnown(list: readonly string[] | null | undefined): NotificationEventType[] {
  return NOTIFICATION_EVENTS.filter((e) => list?.includes(e));
}

export async function getPrefs(db: Db, userId: string): Promise<NotificationPrefs> {
  const [row] = await db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, userId));
  if (!row) return { ...DEFAULT_PREFS, inbox: [...DEFAULT_PREFS.inbox], email: [...DEFAULT_PREFS.email] };
  return { inbox: onlyKnown(row.inbox), email: onlyKnown(row.email), balanceLowHours: row.balanceLowHours };
}

export async function setPrefs(db: Db, userId: string, p: NotificationPrefs): Promise<void> {
  const values = {
    inbox: onlyKnown(p.inbox),
    email: onlyKnown(p.email),
    balanceLowHours: p.balanceLowHours,
    updatedAt: new Date(),
  };
  await db
    .insert(notificationPrefs)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPrefs.userId, set: values });
}

export type EmitResult = { inbox: boolean; deliveries: string[] };

/**
 * Records one event for a user on every channel their preferences (and each webhook's choice) select. Returns
 * whether an inbox entry was written and the ids of the delivery rows that are new — the caller schedules those.
 */
export async function emitEvent(
  db: Db,
  userId: string,
  event: NotificationEvent,
  o: { emailEnabled: boolean },
): Promise<EmitResult> {
  if (event.type === "test") throw new Error("test deliveries are sent with sendTestDelivery");
  const type = event.type;
  return db.transaction(async (tx) => {
    const prefs = await getPrefs(tx, userId);
    let inbox = false;
    if (prefs.inbox.includes(type)) {
      const rows = await tx
        .insert(inboxEntries)
        .values({
          userId,
          kind: type,
          clusterId: event.cluster?.id ?? null,
          clusterName: event.cluster?.name ?? null,
          message: event.message.slice(0, 500),
          path: event.path ?? null,
          dedupe: event.key,
          createdAt: new Date(event.at),
        })
        .onConflictDoNothing()
        .returning({ id: inboxEntries.id });
      inbox = rows.length === 1;
    }
    const targets: { channel: "email" | "webhook"; target: string; webhookId: string | null }[] = [];
    // Email only to an address its owner has verified (a link sent there): an account made with someone else's
    // address sends them nothing.
    if (o.emailEnabled && prefs.email.includes(type) && (await emailVerified(tx, userId))) {
      targets.push({ channel: "email", target: "email", webhookId: null });
    }
    const hooks = await tx
      .select({ id: webhooks.id, events: webhooks.events })
      .from(webhooks)
      .where(eq(webhooks.userId, userId));
    for (const h of hooks) {
      if (h.events.includes(type)) targets.push({ channel: "webhook", target: h.id, webhookId: h.id });
    }
    if (targets.length === 0) return { inbox, deliveries: [] };
    const rows = await tx
      .insert(notificationDeliveries)
      .values(
        targets.map((t) => ({
          userId,
          ...t,
          eventKey: event.key,
          eventType: type,
          payload: event,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: notificationDeliveries.id });
    return { inbox, deliveries: rows.map((r) => r.id) };
  });
}

// ───────────────────────────── the inbox ─────────────────────────────

export type { InboxView };

/** The bell's view: the unread count and the newest entries (GET /api/notifications). */
export async function inboxView(db: Db, userId: string, limit = 20): Promise<InboxView> {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(inboxEntries)
      .where(eq(inboxEntries.userId, userId))
      .orderBy(desc(inboxEntries.createdAt), desc(inboxEntries.id))
      .limit(limit),
    db
      .select({ n: count() })
      .from(inboxEntries)
      .where(and(eq(inboxEntries.userId, userId), isNull(inboxEntries.readAt))),
  ]);
  return {
    unread: unread?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      clusterId: r.clusterId,
      clusterName: r.clusterName,
      path: r.path,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
      read: r.readAt !== null,
    })),
  };
}

/** Marks the user's entries read (all of them when `ids` is null). Another user's ids change nothing. */
export async function markInboxRead(db: Db, userId: string, ids: readonly string[] | null): Promise<number> {
  const rows = await db
    .update(inboxEntries)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(inboxEntries.userId, userId),
        isNull(inboxEntries.readAt),
        ids === null ? undefined : inArray(inboxEntries.id, [...ids]),
      ),
    )
    .returning({ id: inboxEntries.id });
  return rows.length;
}

// ───────────────────────────── what the builders need to know ─────────────────────────────

/** The owner pressed Terminate in this console: the audit log has their "terminate" entry for the cluster. */
export async function terminatedHere(db: Db, userId: string, clusterId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(eq(auditLog.userId, userId), eq(auditLog.clusterId, clusterId), eq(auditLog.action, "terminate")),
    )
    .limit(1);
  return !!row;
}

/** Whether the person has verified their address (lib/accounts/server/email-verification.ts). */
export async function emailVerified(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return !!row?.at;
}

export async function userEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
