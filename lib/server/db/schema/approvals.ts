/**
 * Approval requests: a launch, an extension or a resize outside the team's policy or budgets, sent to its admins
 * (lib/approvals).
 */
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { teams } from "./teams";

export const approvalRequests = pgTable(
  "approval_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    requesterId: uuid("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"launch" | "extend" | "resize">().notNull(),
    /**
     * What runs once approved: the launch as the form sent it (with its Idempotency-Key), or the change to a running
     * cluster (its id, the minutes to extend by or the node count, and the limits it was asked against).
     */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** One request per launch intent: asking again for the same launch finds the first request. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** The launch in words, for the admins' inbox and the pages: "train: 2 × 8 H100 SXM, $39.84/h, 8 h". */
    summary: text("summary").notNull(),
    /** The rules it breaks (what an approval waives), and what each refusal said when it was asked. */
    rules: text("rules").array().notNull(),
    breaches: text("breaches").array().notNull(),
    reason: text("reason").notNull(),
    status: text("status")
      .$type<"pending" | "approving" | "approved" | "denied" | "failed" | "expired">()
      .notNull()
      .default("pending"),
    /** While an approval launches: another attempt may take over once this has passed (its holder died). */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The admin's note with the decision, if any. */
    note: text("note"),
    /** The cluster it made (a launch) or is about (a change); what happened, or why the approved change failed. */
    clusterId: text("cluster_id"),
    outcome: text("outcome"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("approval_requests_team_key").on(t.teamId, t.idempotencyKey),
    index("approval_requests_team_status").on(t.teamId, t.status, t.createdAt),
  ],
);

export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;
