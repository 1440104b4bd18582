-- The instance's own settings, changed by its administrator (the first account) from the console: for now, who
-- may sign up (SIGN_UP, when set, still wins). One row, made the first time a setting is chosen.
CREATE TABLE "instance_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"sign_up" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_settings_one_row" CHECK ("instance_settings"."id" = 1),
	CONSTRAINT "instance_settings_sign_up" CHECK ("instance_settings"."sign_up" in ('open', 'invite', 'off'))
);
--> statement-breakpoint
ALTER TABLE "instance_settings" ADD CONSTRAINT "instance_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;