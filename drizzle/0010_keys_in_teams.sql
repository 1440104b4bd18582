-- Every stored key belongs to a team: the keys saved before teams go to their owner's personal team (made for every
-- account by 0009_teams), then the column becomes required.
ALTER TABLE "runcrate_keys" ADD COLUMN "team_id" uuid;--> statement-breakpoint
UPDATE "runcrate_keys" SET "team_id" = "teams"."id" FROM "teams" WHERE "teams"."personal" AND "teams"."created_by" = "runcrate_keys"."user_id";--> statement-breakpoint
ALTER TABLE "runcrate_keys" ALTER COLUMN "team_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "runcrate_keys" ADD CONSTRAINT "runcrate_keys_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "runcrate_keys_team" ON "runcrate_keys" USING btree ("team_id");
