/** Accounts: users, their sign-in accounts (GitHub, OIDC), and the rate-limit counters (sign-in and actions). */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
    /**
     * When the person proved they read mail at `email` (a link sent there, lib/accounts/server/email-verification.ts);
     * null until then. Email notifications go only to a verified address.
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

/**
 * A link sent to a person's address to verify it: single use, for a day, for that address only (a changed address
 * needs a new one). Only the token's SHA-256 is kept (lib/server/crypto/link-token.ts).
 */
export const emailVerifications = pgTable(
  "email_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("email_verifications_token").on(t.tokenHash),
    index("email_verifications_user").on(t.userId, t.createdAt),
  ],
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
