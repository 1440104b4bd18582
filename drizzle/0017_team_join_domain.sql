-- A team can let the people who sign in through the instance's OIDC provider with a verified address at one
-- domain join it by themselves, as members or viewers (set by its admins on Settings → Team).
ALTER TABLE "teams" ADD COLUMN "join_domain" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "join_role" text;--> statement-breakpoint
CREATE INDEX "teams_join_domain" ON "teams" USING btree ("join_domain");--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_join_role" CHECK ("teams"."join_role" in ('member', 'viewer'));