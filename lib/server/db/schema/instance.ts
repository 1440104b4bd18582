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
    /**
     * The console's address for links in email and webhooks when AUTH_URL is unset: taken from the administrator's own
     * sign-in, or chosen on Settings → Instance; never from anyone else's request (lib/server/app-origin.ts).
     */
    origin: text("origin"),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("instance_settings_one_row", sql`${t.id} = 1`),
    check("instance_settings_sign_up", sql`${t.signUp} in ('open', 'invite', 'off')`),
  ],
);
