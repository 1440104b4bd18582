-- The guardian's rows are keyed by the stored key a cluster is followed through (its scope) and its Runcrate id: ids need only be unique within a workspace. Existing rows take their key's id as scope (no-key where it was deleted).
ALTER TABLE "cluster_rate_segments" DROP CONSTRAINT "cluster_rate_segments_cluster_id_tracked_clusters_cluster_id_fk";--> statement-breakpoint
ALTER TABLE "cluster_status_transitions" DROP CONSTRAINT "cluster_status_transitions_cluster_id_tracked_clusters_cluster_id_fk";--> statement-breakpoint
ALTER TABLE "cluster_limits" DROP CONSTRAINT "cluster_limits_cluster_id_tracked_clusters_cluster_id_fk";--> statement-breakpoint
DROP INDEX "cluster_rate_segments_seq";--> statement-breakpoint
DROP INDEX "cluster_status_transitions_cluster";--> statement-breakpoint
ALTER TABLE "tracked_clusters" ADD COLUMN "scope" text;--> statement-breakpoint
UPDATE "tracked_clusters" SET "scope" = coalesce("key_id"::text, 'no-key');--> statement-breakpoint
ALTER TABLE "tracked_clusters" ALTER COLUMN "scope" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cluster_limits" ADD COLUMN "scope" text;--> statement-breakpoint
UPDATE "cluster_limits" SET "scope" = t."scope" FROM "tracked_clusters" t WHERE t."cluster_id" = "cluster_limits"."cluster_id";--> statement-breakpoint
ALTER TABLE "cluster_limits" ALTER COLUMN "scope" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cluster_rate_segments" ADD COLUMN "scope" text;--> statement-breakpoint
UPDATE "cluster_rate_segments" SET "scope" = t."scope" FROM "tracked_clusters" t WHERE t."cluster_id" = "cluster_rate_segments"."cluster_id";--> statement-breakpoint
ALTER TABLE "cluster_rate_segments" ALTER COLUMN "scope" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cluster_status_transitions" ADD COLUMN "scope" text;--> statement-breakpoint
UPDATE "cluster_status_transitions" SET "scope" = t."scope" FROM "tracked_clusters" t WHERE t."cluster_id" = "cluster_status_transitions"."cluster_id";--> statement-breakpoint
ALTER TABLE "cluster_status_transitions" ALTER COLUMN "scope" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tracked_clusters" DROP CONSTRAINT "tracked_clusters_pkey";--> statement-breakpoint
ALTER TABLE "tracked_clusters" ADD CONSTRAINT "tracked_clusters_pkey" PRIMARY KEY("scope","cluster_id");--> statement-breakpoint
ALTER TABLE "cluster_limits" DROP CONSTRAINT "cluster_limits_pkey";--> statement-breakpoint
ALTER TABLE "cluster_limits" ADD CONSTRAINT "cluster_limits_pkey" PRIMARY KEY("scope","cluster_id");--> statement-breakpoint
ALTER TABLE "cluster_rate_segments" ADD CONSTRAINT "cluster_rate_segments_tracked_fk" FOREIGN KEY ("scope","cluster_id") REFERENCES "public"."tracked_clusters"("scope","cluster_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_status_transitions" ADD CONSTRAINT "cluster_status_transitions_tracked_fk" FOREIGN KEY ("scope","cluster_id") REFERENCES "public"."tracked_clusters"("scope","cluster_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_limits" ADD CONSTRAINT "cluster_limits_tracked_fk" FOREIGN KEY ("scope","cluster_id") REFERENCES "public"."tracked_clusters"("scope","cluster_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracked_clusters_cluster" ON "tracked_clusters" USING btree ("cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_rate_segments_seq" ON "cluster_rate_segments" USING btree ("scope","cluster_id","seq");--> statement-breakpoint
CREATE INDEX "cluster_status_transitions_cluster" ON "cluster_status_transitions" USING btree ("scope","cluster_id","at");
