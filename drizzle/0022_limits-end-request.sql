-- A team budget reached asks the guardian to end a cluster now, whatever its own limits.
ALTER TABLE "cluster_limits" ADD COLUMN "end_requested_at" timestamp with time zone;