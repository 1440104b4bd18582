-- Team budgets per period, and the time limit a launch holds a budget for.
CREATE TABLE "team_budgets" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"period" text DEFAULT 'month' NOT NULL,
	"start_day" integer DEFAULT 1 NOT NULL,
	"team_cents" integer,
	"member_cents" integer,
	"end_running" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "launch_holds" ADD COLUMN "time_limit_minutes" integer;--> statement-breakpoint
ALTER TABLE "team_budgets" ADD CONSTRAINT "team_budgets_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_budgets" ADD CONSTRAINT "team_budgets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;