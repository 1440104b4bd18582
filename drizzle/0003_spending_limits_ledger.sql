CREATE TABLE "cluster_limits" (
	"cluster_id" text PRIMARY KEY NOT NULL,
	"time_limit_minutes" integer,
	"budget_cents" integer,
	"state" text DEFAULT 'watching' NOT NULL,
	"reason" text,
	"lease_until" timestamp (3) with time zone,
	"enforced_at" timestamp with time zone,
	"warned_at" timestamp with time zone,
	"problem" text,
	"problem_since" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cluster_rate_segments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cluster_id" text NOT NULL,
	"seq" integer NOT NULL,
	"rate_per_node" double precision NOT NULL,
	"nodes" integer NOT NULL,
	"from_at" timestamp (3) with time zone NOT NULL,
	"to_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "cluster_status_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cluster_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"cluster_id" text,
	"cluster_name" text,
	"message" text NOT NULL,
	"dedupe" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracked_clusters" (
	"cluster_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"key_id" uuid,
	"name" text NOT NULL,
	"environment" text,
	"status" text NOT NULL,
	"billed_since" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_limit_defaults" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"time_limit_minutes" integer,
	"budget_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cluster_limits" ADD CONSTRAINT "cluster_limits_cluster_id_tracked_clusters_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."tracked_clusters"("cluster_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_rate_segments" ADD CONSTRAINT "cluster_rate_segments_cluster_id_tracked_clusters_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."tracked_clusters"("cluster_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_status_transitions" ADD CONSTRAINT "cluster_status_transitions_cluster_id_tracked_clusters_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."tracked_clusters"("cluster_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_entries" ADD CONSTRAINT "inbox_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_clusters" ADD CONSTRAINT "tracked_clusters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_clusters" ADD CONSTRAINT "tracked_clusters_key_id_runcrate_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."runcrate_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_limit_defaults" ADD CONSTRAINT "user_limit_defaults_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_rate_segments_seq" ON "cluster_rate_segments" USING btree ("cluster_id","seq");--> statement-breakpoint
CREATE INDEX "cluster_status_transitions_cluster" ON "cluster_status_transitions" USING btree ("cluster_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_entries_dedupe" ON "inbox_entries" USING btree ("user_id","dedupe");--> statement-breakpoint
CREATE INDEX "inbox_entries_user_created" ON "inbox_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tracked_clusters_key" ON "tracked_clusters" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "tracked_clusters_user" ON "tracked_clusters" USING btree ("user_id");