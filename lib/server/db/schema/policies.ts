/** Team policies: the rules a team's admins set that every launch, resize and limit change in it must keep. */
import { boolean, doublePrecision, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
  /** Clusters may run on community hosts (off unless an admin allows them). */
  allowCommunity: boolean("allow_community").notNull().default(false),
  /** Every cluster must have a time limit. */
  requireTimeLimit: boolean("require_time_limit").notNull().default(false),
  /** The longest time limit a cluster may have, in minutes. */
  maxTimeLimitMinutes: integer("max_time_limit_minutes"),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
