CREATE TABLE "launch_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"cluster_id" text NOT NULL,
	"cluster_name" text NOT NULL,
	"offer_id" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_link_opens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"key_id" uuid NOT NULL,
	"cluster_id" text NOT NULL,
	"cluster_name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_id" uuid NOT NULL,
	"cluster_id" text NOT NULL,
	"test_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"node_count" integer NOT NULL,
	"gpus" integer,
	"peak_busbw_gb_s" double precision,
	"result" jsonb,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "launch_records" ADD CONSTRAINT "launch_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_opens" ADD CONSTRAINT "share_link_opens_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_opens" ADD CONSTRAINT "share_link_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_key_id_runcrate_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."runcrate_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_key_id_runcrate_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."runcrate_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "launch_records_user_cluster" ON "launch_records" USING btree ("user_id","cluster_id");--> statement-breakpoint
CREATE INDEX "share_link_opens_link" ON "share_link_opens" USING btree ("link_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_hash" ON "share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_links_owner_cluster" ON "share_links" USING btree ("owner_id","cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_runs_key_cluster_test" ON "test_runs" USING btree ("key_id","cluster_id","test_id");