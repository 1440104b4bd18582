/**
 * The one Postgres schema (PGlite embedded, or a real Postgres via DATABASE_URL).
 * Migrations are generated from this file into drizzle/ by drizzle-kit (`npx drizzle-kit generate`).
 */
import { sql } from "drizzle-orm";
// Relative, not "@/": drizzle-kit loads this file without the app's path aliases.
import type { AuditAction } from "../../audit";
import type {
  DeliveryEventType,
  NotificationEvent,
  NotificationEventType,
  WebhookFormat,
} from "../../notifications/kinds";
import {
  bigserial,
  boolean,
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

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed; unique. */
    email: text("email").notNull(),
    name: text("name"),
    /** `scrypt$N$r$p$salt$hash` (base64); null for accounts that only sign in with GitHub/OIDC. */
    passwordHash: text("password_hash"),
    /** Issue 16: carried in every session JWT; bumping it ends every session of this user (session-version.ts). */
    sessionVersion: integer("session_version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

/** Links an external identity (GitHub, OIDC) to a user. */
export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("accounts_provider_unique").on(t.provider, t.providerAccountId)],
);

/** A user's Runcrate API keys, AES-256-GCM encrypted; only `last4` is ever shown again. */
export const runcrateKeys = pgTable(
  "runcrate_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    environment: text("environment"),
    ciphertext: text("ciphertext").notNull(),
    iv: text("iv").notNull(),
    tag: text("tag").notNull(),
    /** Which encryption secret sealed this row, so the secret can be rotated later. */
    keyVersion: integer("key_version").notNull().default(1),
    last4: text("last4").notNull(),
    isActive: boolean("is_active").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("runcrate_keys_user_label_unique").on(t.userId, t.label),
    // At most one active key per user, enforced by the database, not just the code.
    uniqueIndex("runcrate_keys_one_active")
      .on(t.userId)
      .where(sql`${t.isActive}`),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").$type<AuditAction>().notNull(),
    clusterId: text("cluster_id"),
    clusterName: text("cluster_name"),
    /** The key's label at the time — never the key. */
    keyLabel: text("key_label").notNull(),
    detail: text("detail"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_user_created").on(t.userId, t.createdAt)],
);

// --- issue 16 (security hardening) ---------------------------------------------------------------------------
/**
 * rate-limiter-flexible's Drizzle store (lib/server/auth/limits.ts): sign-in failures per (account, address) and
 * per address, sign-up attempts per address. In the database so every instance counts together.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});
// --- end issue 16 ----------------------------------------------------------------------------------------------

export type UserRow = typeof users.$inferSelect;
export type RuncrateKeyRow = typeof runcrateKeys.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;

// ───────────── Issue 17: cluster limits, the spend record (ledger), the guardian's state, the inbox ─────────────

/**
 * Every cluster the guardian has seen (launched here, or found in a key's cluster list), with who watches it.
 * One row per Runcrate cluster id. `keyId` is the stored key the guardian reads it with (null once deleted).
 */
export const trackedClusters = pgTable(
  "tracked_clusters",
  {
    clusterId: text("cluster_id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    keyId: uuid("key_id").references(() => runcrateKeys.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    environment: text("environment"),
    status: text("status").notNull(),
    billedSince: timestamp("billed_since", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tracked_clusters_key").on(t.keyId), index("tracked_clusters_user").on(t.userId)],
);

/** The rates a cluster was billed at: `nodes` × `ratePerNode` $/h from `fromAt` to `toAt` (null while open). */
export const clusterRateSegments = pgTable(
  "cluster_rate_segments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clusterId: text("cluster_id")
      .notNull()
      .references(() => trackedClusters.clusterId, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    ratePerNode: doublePrecision("rate_per_node").notNull(),
    nodes: integer("nodes").notNull(),
    fromAt: timestamp("from_at", { withTimezone: true, precision: 3 }).notNull(),
    toAt: timestamp("to_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [uniqueIndex("cluster_rate_segments_seq").on(t.clusterId, t.seq)],
);

/** Status changes as the guardian saw them (first time each status was observed). */
export const clusterStatusTransitions = pgTable(
  "cluster_status_transitions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clusterId: text("cluster_id")
      .notNull()
      .references(() => trackedClusters.clusterId, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    at: timestamp("at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index("cluster_status_transitions_cluster").on(t.clusterId, t.at)],
);

/**
 * A cluster's limits and the guardian's enforcement state. `state`: watching → enforcing (one instance holds the
 * claim until `leaseUntil`) → enforced; closed when the cluster ended otherwise or the limits were removed.
 */
export const clusterLimits = pgTable("cluster_limits", {
  clusterId: text("cluster_id")
    .primaryKey()
    .references(() => trackedClusters.clusterId, { onDelete: "cascade" }),
  timeLimitMinutes: integer("time_limit_minutes"),
  /** Dollars in cents, so a budget compares exactly. */
  budgetCents: integer("budget_cents"),
  state: text("state")
    .$type<"watching" | "enforcing" | "enforced" | "closed">()
    .notNull()
    .default("watching"),
  reason: text("reason").$type<"time" | "budget">(),
  leaseUntil: timestamp("lease_until", { withTimezone: true, precision: 3 }),
  enforcedAt: timestamp("enforced_at", { withTimezone: true }),
  warnedAt: timestamp("warned_at", { withTimezone: true }),
  /** Why the limit can't be enforced right now (key deleted, API refused), shown loudly; null when fine. */
  problem: text("problem"),
  problemSince: timestamp("problem_since", { withTimezone: true }),
  attempts: integer("attempts").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The notification inbox: limit warnings, failed enforcement, auto-terminations. Delivery elsewhere is issue 18. */
export const inboxEntries = pgTable(
  "inbox_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The event type (lib/notifications/kinds.ts); issue 17 wrote the three limit kinds. */
    kind: text("kind").$type<NotificationEventType>().notNull(),
    clusterId: text("cluster_id"),
    clusterName: text("cluster_name"),
    message: text("message").notNull(),
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

/** A user's default limits, pre-filled into the create form. */
export const userLimitDefaults = pgTable("user_limit_defaults", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  timeLimitMinutes: integer("time_limit_minutes"),
  budgetCents: integer("budget_cents"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type TrackedClusterRow = typeof trackedClusters.$inferSelect;
export type ClusterLimitsRow = typeof clusterLimits.$inferSelect;
export type InboxRow = typeof inboxEntries.$inferSelect;

// ───────────── issue 20: relaunch records, NCCL test history, read-only share links ─────────────

/** What a launch from this console asked for, so "Launch again" can fill the form (the API object lacks SSH keys). */
export const launchRecords = pgTable(
  "launch_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clusterId: text("cluster_id").notNull(),
    clusterName: text("cluster_name").notNull(),
    offerId: text("offer_id").notNull(),
    /** The create form's validated values (node count, stack, SSH keys, volume, and fields later issues add). */
    values: jsonb("values").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("launch_records_user_cluster").on(t.userId, t.clusterId)],
);

/** Every NCCL test seen on a cluster, per Runcrate key (the workspace it lives in): the API only keeps the last. */
export const testRuns = pgTable(
  "test_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    keyId: uuid("key_id")
      .notNull()
      .references(() => runcrateKeys.id, { onDelete: "cascade" }),
    clusterId: text("cluster_id").notNull(),
    testId: text("test_id").notNull(),
    kind: text("kind").notNull(),
    status: text("status").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The cluster's size when the run was seen. */
    nodeCount: integer("node_count").notNull(),
    gpus: integer("gpus"),
    peakBusbwGbS: doublePrecision("peak_busbw_gb_s"),
    /** The API's `result` as it came. */
    result: jsonb("result").$type<Record<string, unknown> | null>(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("test_runs_key_cluster_test").on(t.keyId, t.clusterId, t.testId)],
);

/** A read-only link to one cluster for other signed-in users; only the token's sha256 is stored. */
export const shareLinks = pgTable(
  "share_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The owner's key the shared view is read with, on the server. */
    keyId: uuid("key_id")
      .notNull()
      .references(() => runcrateKeys.id, { onDelete: "cascade" }),
    clusterId: text("cluster_id").notNull(),
    clusterName: text("cluster_name").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("share_links_token_hash").on(t.tokenHash),
    index("share_links_owner_cluster").on(t.ownerId, t.clusterId),
  ],
);

/** Who opened a share link, when. */
export const shareLinkOpens = pgTable(
  "share_link_opens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    linkId: uuid("link_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("share_link_opens_link").on(t.linkId, t.openedAt)],
);

export type LaunchRecordRow = typeof launchRecords.$inferSelect;
export type TestRunRow = typeof testRuns.$inferSelect;
export type ShareLinkRow = typeof shareLinks.$inferSelect;

// ───────────── issue 18: notification preferences, webhooks, deliveries (email and webhooks) ─────────────

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

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
