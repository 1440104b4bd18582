/** Accounts, sign-in, stored Runcrate keys, the audit log and rate limits. */
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
// Relative, not "@/": drizzle-kit loads these files without the app's path aliases.
import type { AuditAction } from "../../../audit/audit";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed; unique. */
    email: text("email").notNull(),
    name: text("name"),
    /** `scrypt$N$r$p$salt$hash` (base64); null for accounts that only sign in with GitHub/OIDC. */
    passwordHash: text("password_hash"),
    /** Carried in every session JWT; bumping it ends every session of this user (session-version.ts). */
    sessionVersion: integer("session_version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

/** Links an external identity (GitHub, OIDC) to a user. */
export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("accounts_provider_unique").on(t.provider, t.providerAccountId)],
);

/** A user's Runcrate API keys, AES-256-GCM encrypted; only `last4` is ever shown again. */
export const runcrateKeys = pgTable(
  "runcrate_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    uniqueIndex("runcrate_keys_user_label_unique").on(t.userId, t.label),
    // At most one active key per user, enforced by the database, not just the code.
    uniqueIndex("runcrate_keys_one_active")
      .on(t.userId)
      .where(sql`${t.isActive}`),
  ],
);

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_user_created").on(t.userId, t.createdAt)],
);

// --- security hardening ---------------------------------------------------------------------------------------------
/**
 * rate-limiter-flexible's Drizzle store (lib/accounts/server/rate-limits.ts): sign-in failures per (account, address) and
 * per address, sign-up attempts per address. In the database so every instance counts together.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});
// --- end security hardening -----------------------------------------------------------------------------------------

export type UserRow = typeof users.$inferSelect;
export type RuncrateKeyRow = typeof runcrateKeys.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
