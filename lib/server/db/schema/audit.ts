/** The audit log: who did what, when. */
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
// Relative, not "@/": drizzle-kit loads these files without the app's path aliases.
import type { AuditAction } from "../../../vocabulary/audit-actions";
import { users } from "./accounts";
import { teams } from "./teams";

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
    /**
     * The team the person acted in (their personal team for their own keys): a shared team's log is every member's
     * entries in it. Null on entries written before teams kept a log.
     */
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    /** The client address the request came from (lib/server/client-address.ts), when there was a request. */
    address: text("address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_user_created").on(t.userId, t.createdAt),
    index("audit_log_team_created").on(t.teamId, t.createdAt),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
