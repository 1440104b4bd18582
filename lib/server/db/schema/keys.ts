/** Stored Runcrate API keys, sealed. */
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { teams } from "./teams";

/**
 * Runcrate API keys, AES-256-GCM encrypted; only `last4` is ever shown again. Each belongs to a team: a person's own
 * keys to their personal team (a team of one).
 */
export const runcrateKeys = pgTable(
  "runcrate_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The team whose workspace the key opens; a key saved for oneself is the personal team's. */
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    environment: text("environment"),
    ciphertext: text("ciphertext").notNull(),
    iv: text("iv").notNull(),
    tag: text("tag").notNull(),
    /** Which encryption secret sealed this row, so the secret can be rotated later. */
    keyVersion: integer("key_version").notNull().default(1),
    last4: text("last4").notNull(),
    isActive: boolean("is_active").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("runcrate_keys_team").on(t.teamId),
    // Labels name keys within a team (a person's own keys: within their personal team).
    uniqueIndex("runcrate_keys_team_label_unique").on(t.teamId, t.label),
    // At most one active key per team (a person's own: per person), enforced by the database, not just the code.
    uniqueIndex("runcrate_keys_one_active")
      .on(t.teamId)
      .where(sql`${t.isActive}`),
  ],
);

export type RuncrateKeyRow = typeof runcrateKeys.$inferSelect;
