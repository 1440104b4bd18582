/** Launch: the record of each launch made from this console. */
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { teams } from "./teams";

/** What a launch from this console asked for, so "Launch again" can fill the form (the API object lacks SSH keys). */
export const launchRecords = pgTable(
  "launch_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The team whose key launched it: who launched a cluster is who owns it in that team (lib/teams/server/authorize.ts). */
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    clusterId: text("cluster_id").notNull(),
    clusterName: text("cluster_name").notNull(),
    offerId: text("offer_id").notNull(),
    /** The create form's validated values (node count, stack, SSH keys, volume, and fields later issues add). */
    values: jsonb("values").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("launch_records_user_cluster").on(t.userId, t.clusterId),
    index("launch_records_team_cluster").on(t.teamId, t.clusterId),
  ],
);

export type LaunchRecordRow = typeof launchRecords.$inferSelect;
