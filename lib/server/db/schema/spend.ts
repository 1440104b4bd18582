/** The spend record: every cluster the guardian has seen, its rate over time and its status changes. */
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
import { users } from "./accounts";
import { runcrateKeys } from "./keys";

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
    /** What it runs on, as the guardian last saw it: for spend by GPU type and per GPU-hour. */
    gpuType: text("gpu_type"),
    gpusPerNode: integer("gpus_per_node"),
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

export type TrackedClusterRow = typeof trackedClusters.$inferSelect;
