-- Each audit entry names the team the person acted in and the client address of the request, so a team's log is
-- every member's entries in it. Entries written before have neither: they stay in their author's own log only.
ALTER TABLE "audit_log" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_team_created" ON "audit_log" USING btree ("team_id","created_at");