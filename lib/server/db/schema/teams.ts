/** Teams: a group of people working in one Runcrate workspace, and each member's role in it. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const teams = pgTable(
  "teams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** A person's own team of one (their personal keys), made for them; never shared, never invited to. */
    personal: boolean("personal").notNull().default(false),
    /** Who made it; for a personal team, whose it is. */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * People who sign in through the instance's OIDC provider with a verified address at this domain join the team
     * with `joinRole` (lib/teams/server/auto-join.ts); null: nobody joins by domain.
     */
    joinDomain: text("join_domain"),
    joinRole: text("join_role").$type<"member" | "viewer">(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("teams_join_role", sql`${t.joinRole} in ('member', 'viewer')`),
    index("teams_join_domain").on(t.joinDomain),
    // One personal team per person, so two requests that each make one cannot make two.
    uniqueIndex("teams_one_personal")
      .on(t.createdBy)
      .where(sql`${t.personal}`),
  ],
);

/** Who belongs to which team, with which role (lib/teams/roles.ts): owner, admin, member or viewer. */
export const teamMembers = pgTable(
  "team_members",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<"owner" | "admin" | "member" | "viewer">().notNull(),
    /** The team this person works in now (the header's switcher); none marked means their personal team. */
    active: boolean("active").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index("team_members_user").on(t.userId),
    uniqueIndex("team_members_one_active")
      .on(t.userId)
      .where(sql`${t.active}`),
    check("team_members_role", sql`${t.role} in ('owner', 'admin', 'member', 'viewer')`),
  ],
);

/**
 * An invitation to join a team with a role, for one email address: single use, until it expires or is revoked. The
 * link carries a random token; only its SHA-256 is kept here (lib/server/crypto/link-token.ts).
 */
export const teamInvites = pgTable(
  "team_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** Lower-cased, as accounts store theirs: only the account with this address may accept. */
    email: text("email").notNull(),
    role: text("role").$type<"admin" | "member" | "viewer">().notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("team_invites_token").on(t.tokenHash),
    index("team_invites_team").on(t.teamId),
    // An owner is named by an owner, in the team (not by an invite).
    check("team_invites_role", sql`${t.role} in ('admin', 'member', 'viewer')`),
  ],
);

export type TeamRow = typeof teams.$inferSelect;
export type TeamInviteRow = typeof teamInvites.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;
