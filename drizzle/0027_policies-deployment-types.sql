-- A team policy (and its overrides) may limit the deployment types a cluster uses (vm, container).
ALTER TABLE "team_policies" ADD COLUMN "deployment_types" text[];--> statement-breakpoint
ALTER TABLE "team_policy_overrides" ADD COLUMN "deployment_types" text[];