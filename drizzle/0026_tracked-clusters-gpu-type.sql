-- What a followed cluster runs on (GPU type, GPUs per node), for spend by GPU type and per GPU-hour.
ALTER TABLE "tracked_clusters" ADD COLUMN "gpu_type" text;--> statement-breakpoint
ALTER TABLE "tracked_clusters" ADD COLUMN "gpus_per_node" integer;