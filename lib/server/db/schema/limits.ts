/** Spending limits: each cluster's limits and their enforcement, and each user's default limits. */
import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { trackedClusterRef } from "./spend";

/**
 * Why the guardian ended a cluster: its time limit, its own budget limit, or a budget of its team (the team's or its
 * owner's, for the period) reached where the team chose to end running clusters. The column's values; the spend
 * ledger (lib/spend/ledger.ts) says them in words.
 */
export type LimitReason = "time" | "budget" | "team-budget";

/**
 * A cluster's limits and the guardian's enforcement state. `state`: watching → enforcing (one instance holds the
 * claim until `leaseUntil`) → enforced; closed when the cluster ended otherwise or the limits were removed.
 */
export const clusterLimits = pgTable(
  "cluster_limits",
  {
    scope: text("scope").notNull(),
    clusterId: text("cluster_id").notNull(),
    timeLimitMinutes: integer("time_limit_minutes"),
    /** Dollars in cents, so a budget compares exactly. */
    budgetCents: integer("budget_cents"),
    state: text("state")
      .$type<"watching" | "enforcing" | "enforced" | "closed">()
      .notNull()
      .default("watching"),
    reason: text("reason").$type<LimitReason>(),
    /** A team budget was reached: the guardian ends the cluster now, whatever its own limits (lib/budgets/server). */
    endRequestedAt: timestamp("end_requested_at", { withTimezone: true }),
    leaseUntil: timestamp("lease_until", { withTimezone: true, precision: 3 }),
    enforcedAt: timestamp("enforced_at", { withTimezone: true }),
    warnedAt: timestamp("warned_at", { withTimezone: true }),
    /** The last warning told (1: 30 minutes before the end, 2: 5 minutes before); new limits start again at 0. */
    warnedStage: integer("warned_stage").notNull().default(0),
    /** Why the limit can't be enforced right now (key deleted, API refused), shown loudly; null when fine. */
    problem: text("problem"),
    problemSince: timestamp("problem_since", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "cluster_limits_pkey", columns: [t.scope, t.clusterId] }),
    trackedClusterRef("cluster_limits_tracked_fk", t),
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

export type ClusterLimitsRow = typeof clusterLimits.$inferSelect;
