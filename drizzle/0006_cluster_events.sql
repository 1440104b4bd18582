CREATE TABLE "cluster_events" (
	"key_id" uuid NOT NULL,
	"cluster_id" text NOT NULL,
	"event_id" integer NOT NULL,
	"at" text NOT NULL,
	"kind" text NOT NULL,
	"rank" integer,
	"message" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cluster_events_key_id_cluster_id_event_id_pk" PRIMARY KEY("key_id","cluster_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "cluster_events" ADD CONSTRAINT "cluster_events_key_id_runcrate_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."runcrate_keys"("id") ON DELETE cascade ON UPDATE no action;