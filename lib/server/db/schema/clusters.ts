/** What the console kept of its clusters: NCCL test runs and the event timeline. */
import {
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { runcrateKeys } from "./keys";

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

export type TestRunRow = typeof testRuns.$inferSelect;
