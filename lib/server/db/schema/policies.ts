/** Team policies: the rules a team's admins set that every launch, resize and limit change in it must keep. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
import { teams } from "./teams";

/** One row per team that has a policy (lib/policies/policy.ts); a missing row or a null rule allows anything. */
export const teamPolicies = pgTable("team_policies", {
  teamId: uuid("team_id")
    .primaryKey()
    .references(() => teams.id, { onDelete: "cascade" }),
  /** The largest hourly rate one cluster may have, in dollars. */
  maxHourlyRate: doublePrecision("max_hourly_rate"),
  /** The most nodes one cluster may have. */
  maxNodes: integer("max_nodes"),
  /** The GPU types a cluster may use, as the offers name them; null: any. */
  gpuTypes: text("gpu_types").array(),
  /** The deployment types a cluster may use (vm, container); null: any. */
  deploymentTypes: text("deployment_types").array(),
  /** Clusters may run on community hosts (off unless an admin allows them). */
  allowCommunity: boolean("allow_community").notNull().default(false),
  /** Every cluster must have a time limit. */
  requireTimeLimit: boolean("require_time_limit").notNull().default(false),
  /** The longest time limit a cluster may have, in minutes. */
  maxTimeLimitMinutes: integer("max_time_limit_minutes"),
  /** The most clusters one member may have running at once. */
  maxClustersPerMember: integer("max_clusters_per_member"),
  /** The largest hourly rate of the team's running clusters together, in dollars. */
  maxTeamHourlyRate: doublePrecision("max_team_hourly_rate"),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a launch holds of its team's allowance while Runcrate creates the cluster (lib/policies/server/launch-holds.ts):
 * taken under a lock on the team with the check, so two launches at the same moment cannot both fit where only one
 * does. Pending (no cluster yet) it counts as one cluster at its rate until it expires; once the cluster exists it
 * gives the cluster its rate until the guardian bills it, and it marks the Idempotency-Key as launched, so a retry
 * of the same launch is not refused for the cluster it made.
 */
export const launchHolds = pgTable(
  "launch_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    clusterId: text("cluster_id"),
    hourlyRate: doublePrecision("hourly_rate").notNull(),
    /** The launch's time limit: what it holds of a budget is its rate for this long (null: to the period's end). */
    timeLimitMinutes: integer("time_limit_minutes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("launch_holds_team_key").on(t.teamId, t.idempotencyKey),
    index("launch_holds_team_cluster").on(t.teamId, t.clusterId),
  ],
);

/**
 * A role's or one member's own values for some of the team's rules (lib/policies/overrides.ts): for a person, the
 * team's rules, then their role's override, then their own. A null column is the team's rule; a rule listed in
 * `lifted` is no rule for them.
 */
export const teamPolicyOverrides = pgTable(
  "team_policy_overrides",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    role: text("role").$type<"owner" | "admin" | "member" | "viewer">(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    maxHourlyRate: doublePrecision("max_hourly_rate"),
    maxNodes: integer("max_nodes"),
    gpuTypes: text("gpu_types").array(),
    deploymentTypes: text("deployment_types").array(),
    allowCommunity: boolean("allow_community"),
    requireTimeLimit: boolean("require_time_limit"),
    maxTimeLimitMinutes: integer("max_time_limit_minutes"),
    maxClustersPerMember: integer("max_clusters_per_member"),
    lifted: text("lifted")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("team_policy_overrides_role").on(t.teamId, t.role),
    uniqueIndex("team_policy_overrides_user").on(t.teamId, t.userId),
    check("team_policy_overrides_one_scope", sql`(${t.role} is null) <> (${t.userId} is null)`),
    check("team_policy_overrides_role_value", sql`${t.role} in ('owner', 'admin', 'member')`),
  ],
);
