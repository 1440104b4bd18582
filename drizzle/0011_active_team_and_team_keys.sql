-- Keys are named and made active per team (a person's own keys: per personal team, as before, one per person), so a
-- team's shared key neither clashes with nor displaces the labels and active key of the admin who stored it. Each
-- membership can be the person's active one: the team the header's switcher shows (none marked: the personal team).
DROP INDEX "runcrate_keys_user_label_unique";--> statement-breakpoint
DROP INDEX "runcrate_keys_one_active";--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "runcrate_keys_team_label_unique" ON "runcrate_keys" USING btree ("team_id","label");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_one_active" ON "team_members" USING btree ("user_id") WHERE "team_members"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "runcrate_keys_one_active" ON "runcrate_keys" USING btree ("team_id") WHERE "runcrate_keys"."is_active";