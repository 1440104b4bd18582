/** The instance's own settings, which its administrator changes from the console (one row, made when first set). */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const instanceSettings = pgTable(
  "instance_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Who may make an account (lib/accounts/server/sign-up-mode.ts); null: the default. SIGN_UP, when set, wins. */
    signUp: text("sign_up").$type<"open" | "invite" | "off">(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("instance_settings_one_row", sql`${t.id} = 1`),
    check("instance_settings_sign_up", sql`${t.signUp} in ('open', 'invite', 'off')`),
  ],
);
