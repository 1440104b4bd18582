-- A limit warns twice (30 and 5 minutes before its end): which warning was told last.
ALTER TABLE "cluster_limits" ADD COLUMN "warned_stage" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "cluster_limits" SET "warned_stage" = 1 WHERE "warned_at" IS NOT NULL;
