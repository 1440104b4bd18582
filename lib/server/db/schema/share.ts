/** Read-only share links and who opened them. */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { runcrateKeys } from "./keys";

/** A read-only link to one cluster for other signed-in users; only the token's sha256 is stored. */
export const shareLinks = pgTable(
  "share_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The owner's key the shared view is read with, on the server. */
    keyId: uuid("key_id")
      .notNull()
      .references(() => runcrateKeys.id, { onDelete: "cascade" }),
    clusterId: text("cluster_id").notNull(),
    clusterName: text("cluster_name").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("share_links_token_hash").on(t.tokenHash),
    index("share_links_owner_cluster").on(t.ownerId, t.clusterId),
  ],
);

/**
 * Who opened a share link: one row per (link, viewer), with the first and the latest open and how many there were,
 * so a viewer who reloads all day adds no rows.
 */
export const shareLinkOpens = pgTable(
  "share_link_opens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    linkId: uuid("link_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The first open. */
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }).notNull().defaultNow(),
    opens: integer("opens").notNull().default(1),
  },
  (t) => [
    index("share_link_opens_link").on(t.linkId, t.openedAt),
    uniqueIndex("share_link_opens_viewer").on(t.linkId, t.userId),
  ],
);

export type ShareLinkRow = typeof shareLinks.$inferSelect;
