/** Notifications: preferences, webhooks, deliveries (email and webhooks) and their attempts, the inbox. */
import { sql } from "drizzle-orm";
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
// Relative, not "@/": drizzle-kit loads these files without the app's path aliases.
import type {
  DeliveryEventType,
  NotificationEvent,
  NotificationEventType,
  WebhookFormat,
} from "../../../vocabulary/notification-events";
import { users } from "./accounts";

/** Which events go to which channel; no row means the defaults (lib/notifications/kinds.ts DEFAULT_PREFS). */
export const notificationPrefs = pgTable("notification_prefs", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  inbox: jsonb("inbox").$type<NotificationEventType[]>().notNull(),
  email: jsonb("email").$type<NotificationEventType[]>().notNull(),
  balanceLowHours: doublePrecision("balance_low_hours").notNull().default(2),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A user's webhook: where, which events, which body. The signing secret is sealed like a Runcrate key. */
export const webhooks = pgTable(
  "webhooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: jsonb("events").$type<NotificationEventType[]>().notNull(),
    format: text("format").$type<WebhookFormat>().notNull(),
    secretCiphertext: text("secret_ciphertext").notNull(),
    secretIv: text("secret_iv").notNull(),
    secretTag: text("secret_tag").notNull(),
    secretVersion: integer("secret_version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhooks_user").on(t.userId)],
);

/**
 * One event to one channel: the dedupe record. `target` is "email" or the webhook's id; the unique index makes a
 * second instance (or a retried guard run) that builds the same event insert nothing. Its id is the delivery id a
 * receiver sees on every attempt.
 */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel").$type<"email" | "webhook">().notNull(),
    target: text("target").notNull(),
    webhookId: uuid("webhook_id").references(() => webhooks.id, { onDelete: "cascade" }),
    eventKey: text("event_key").notNull(),
    eventType: text("event_type").$type<DeliveryEventType>().notNull(),
    payload: jsonb("payload").$type<NotificationEvent>().notNull(),
    status: text("status").$type<"pending" | "delivered" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAt: timestamp("next_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true, precision: 3 }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex("notification_deliveries_dedupe").on(t.userId, t.eventKey, t.target),
    index("notification_deliveries_pending").on(t.status, t.nextAt),
    index("notification_deliveries_webhook").on(t.webhookId, t.createdAt),
    // "Send test" queues at most one test per webhook at a time, however many clicks or instances ask at once.
    uniqueIndex("notification_deliveries_one_pending_test")
      .on(t.webhookId)
      .where(sql`${t.eventType} = 'test' and ${t.status} = 'pending'`),
  ],
);

/** Every attempt at a delivery: what the receiver answered (or why nothing came back) and how long it took. */
export const deliveryAttempts = pgTable(
  "delivery_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => notificationDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    at: timestamp("at", { withTimezone: true, precision: 3 }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
  },
  (t) => [index("delivery_attempts_delivery").on(t.deliveryId, t.attempt)],
);

/** The notification inbox: limit warnings, failed enforcement, auto-terminations. Delivery elsewhere: lib/server/notifications/. */
export const inboxEntries = pgTable(
  "inbox_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The event type (lib/vocabulary/notification-events.ts); spending limits wrote the three limit kinds. */
    kind: text("kind").$type<NotificationEventType>().notNull(),
    clusterId: text("cluster_id"),
    clusterName: text("cluster_name"),
    message: text("message").notNull(),
    /** The page the entry opens when it is not about one cluster (an approval request). */
    path: text("path"),
    /** One entry per (kind, cluster, dedupe) — a retry never writes the same warning twice. */
    dedupe: text("dedupe").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("inbox_entries_dedupe").on(t.userId, t.dedupe),
    index("inbox_entries_user_created").on(t.userId, t.createdAt),
  ],
);

export type WebhookRow = typeof webhooks.$inferSelect;

export type DeliveryRow = typeof notificationDeliveries.$inferSelect;

export type InboxRow = typeof inboxEntries.$inferSelect;
