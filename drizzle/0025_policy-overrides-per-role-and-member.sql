-- A role's or one member's own values for some of a team's policy rules, over the team's.
CREATE TABLE "team_policy_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"role" text,
	"user_id" uuid,
	"max_hourly_rate" double precision,
	"max_nodes" integer,
	"gpu_types" text[],
	"allow_community" boolean,
	"require_time_limit" boolean,
	"max_time_limit_minutes" integer,
	"max_clusters_per_member" integer,
	"lifted" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_policy_overrides_one_scope" CHECK (("team_policy_overrides"."role" is null) <> ("team_policy_overrides"."user_id" is null)),
	CONSTRAINT "team_policy_overrides_role_value" CHECK ("team_policy_overrides"."role" in ('owner', 'admin', 'member'))
);
--> statement-breakpoint
ALTER TABLE "team_policy_overrides" ADD CONSTRAINT "team_policy_overrides_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_policy_overrides" ADD CONSTRAINT "team_policy_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_policy_overrides" ADD CONSTRAINT "team_policy_overrides_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_policy_overrides_role" ON "team_policy_overrides" USING btree ("team_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "team_policy_overrides_user" ON "team_policy_overrides" USING btree ("team_id","user_id");