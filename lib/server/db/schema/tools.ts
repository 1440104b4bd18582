/** Relaunch records, NCCL test history, the kept event timeline, read-only share links. */
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users, runcrateKeys } from "./core";

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

/**
 * Every event seen on a cluster, per Runcrate key, by the API's event id: a read returns at most the last 50
 * (Runcrate's tool descriptions), so the timeline from the cluster's creation is the one kept here. `at` is kept as
 * the API sent it (a page shows an odd timestamp as it came rather than dropping the event).
 */
export const clusterEvents = pgTable(
  "cluster_events",
  {
    keyId: uuid("key_id")
      .notNull()
      .references(() => runcrateKeys.id, { onDelete: "cascade" }),
    clusterId: text("cluster_id").notNull(),
    eventId: integer("event_id").notNull(),
    at: text("at").notNull(),
    kind: text("kind").notNull(),
    rank: integer("rank"),
    message: text("message").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.clusterId, t.eventId] })],
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

/**
 * Who opened a share link: one row per (link, viewer), with the first and the latest open and how many there were,
 * so a viewer who reloads all day adds no rows.
 */
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
    /** The first open. */
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }).notNull().defaultNow(),
    opens: integer("opens").notNull().default(1),
  },
  (t) => [
    index("share_link_opens_link").on(t.linkId, t.openedAt),
    uniqueIndex("share_link_opens_viewer").on(t.linkId, t.userId),
  ],
);

export type LaunchRecordRow = typeof launchRecords.$inferSelect;
export type TestRunRow = typeof testRuns.$inferSelect;
export type ShareLinkRow = typeof shareLinks.$inferSelect;
