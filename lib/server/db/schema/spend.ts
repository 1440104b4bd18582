/** The spend record: every cluster the guardian has seen, its rate over time and its status changes. */
import {
  bigserial,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { and, isNull, notInArray } from "drizzle-orm";
import { users } from "./accounts";
import { runcrateKeys } from "./keys";

/**
 * Every cluster the guardian follows (launched here, or given limits here), with who watches it. One row per stored
 * key and Runcrate cluster id: Runcrate's ids need only be unique within a workspace (the simulator's numeric-ids
 * variant hands out 101, 102 … in each), so the id alone does not say whose cluster it is. `scope` is the stored key
 * the cluster was first followed through, kept when that key is deleted; `keyId` is the key the guardian reads it
 * with (null once deleted).
 */
export const trackedClusters = pgTable(
  "tracked_clusters",
  {
    scope: text("scope").notNull(),
    clusterId: text("cluster_id").notNull(),
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
  (t) => [
    primaryKey({ name: "tracked_clusters_pkey", columns: [t.scope, t.clusterId] }),
    index("tracked_clusters_key").on(t.keyId),
    index("tracked_clusters_user").on(t.userId),
    index("tracked_clusters_cluster").on(t.clusterId),
  ],
);

/**
 * A followed cluster that has not ended: no end recorded, and its last status is neither terminated nor failed. A
 * condition on the table, for every feature that asks what still runs (the guardian, budgets, deleting a team).
 */
export const stillRunning = and(
  isNull(trackedClusters.endedAt),
  notInArray(trackedClusters.status, ["terminated", "failed"]),
);

/** A child row's reference to its tracked cluster: (scope, cluster id), gone with it. */
export function trackedClusterRef(
  name: string,
  t: { scope: AnyPgColumn; clusterId: AnyPgColumn },
): ReturnType<typeof foreignKey> {
  return foreignKey({
    name,
    columns: [t.scope, t.clusterId],
    foreignColumns: [trackedClusters.scope, trackedClusters.clusterId],
  }).onDelete("cascade");
}

/** The rates a cluster was billed at: `nodes` × `ratePerNode` $/h from `fromAt` to `toAt` (null while open). */
export const clusterRateSegments = pgTable(
  "cluster_rate_segments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    scope: text("scope").notNull(),
    clusterId: text("cluster_id").notNull(),
    seq: integer("seq").notNull(),
    ratePerNode: doublePrecision("rate_per_node").notNull(),
    nodes: integer("nodes").notNull(),
    fromAt: timestamp("from_at", { withTimezone: true, precision: 3 }).notNull(),
    toAt: timestamp("to_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex("cluster_rate_segments_seq").on(t.scope, t.clusterId, t.seq),
    trackedClusterRef("cluster_rate_segments_tracked_fk", t),
  ],
);

/** Status changes as the guardian saw them (first time each status was observed). */
export const clusterStatusTransitions = pgTable(
  "cluster_status_transitions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    scope: text("scope").notNull(),
    clusterId: text("cluster_id").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    at: timestamp("at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index("cluster_status_transitions_cluster").on(t.scope, t.clusterId, t.at),
    trackedClusterRef("cluster_status_transitions_tracked_fk", t),
  ],
);

export type TrackedClusterRow = typeof trackedClusters.$inferSelect;
