/** Spending limits: cluster limits, the spend record (ledger), the guardian's state, the inbox. */
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { NotificationEventType } from "../../../notifications/kinds";
import { users, runcrateKeys } from "./core";

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

/** The notification inbox: limit warnings, failed enforcement, auto-terminations. Delivery elsewhere: lib/server/notifications/. */
export const inboxEntries = pgTable(
  "inbox_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The event type (lib/notifications/kinds.ts); spending limits wrote the three limit kinds. */
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
