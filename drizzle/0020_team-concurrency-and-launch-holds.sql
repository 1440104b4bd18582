-- Team policies count running clusters per member and the team's total rate; launches hold their place while they run.
CREATE TABLE "launch_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"cluster_id" text,
	"hourly_rate" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_policies" ADD COLUMN "max_clusters_per_member" integer;--> statement-breakpoint
ALTER TABLE "team_policies" ADD COLUMN "max_team_hourly_rate" double precision;--> statement-breakpoint
ALTER TABLE "launch_holds" ADD CONSTRAINT "launch_holds_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_holds" ADD CONSTRAINT "launch_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "launch_holds_team_key" ON "launch_holds" USING btree ("team_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "launch_holds_team_cluster" ON "launch_holds" USING btree ("team_id","cluster_id");