-- Each launch record names the team whose key launched the cluster: who launched it owns it in that team. Launches
-- made before teams were made with their launcher's own keys, so they go to the launcher's personal team (made for
-- every account by 0009_teams); then the column becomes required.
ALTER TABLE "launch_records" ADD COLUMN "team_id" uuid;--> statement-breakpoint
UPDATE "launch_records" SET "team_id" = "teams"."id" FROM "teams" WHERE "teams"."personal" AND "teams"."created_by" = "launch_records"."user_id";--> statement-breakpoint
ALTER TABLE "launch_records" ALTER COLUMN "team_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "launch_records" ADD CONSTRAINT "launch_records_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "launch_records_team_cluster" ON "launch_records" USING btree ("team_id","cluster_id");
