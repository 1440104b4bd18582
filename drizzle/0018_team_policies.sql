-- Team policies: the rules (largest hourly rate, most nodes, GPU types, time limits) that every launch, resize and
-- limit change in a team must keep, set by its admins.
CREATE TABLE "team_policies" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"max_hourly_rate" double precision,
	"max_nodes" integer,
	"gpu_types" text[],
	"require_time_limit" boolean DEFAULT false NOT NULL,
	"max_time_limit_minutes" integer,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_policies" ADD CONSTRAINT "team_policies_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_policies" ADD CONSTRAINT "team_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;