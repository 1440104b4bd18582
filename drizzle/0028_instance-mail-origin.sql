-- The instance keeps the console's address for links in mail and webhooks, set only by its administrator.
ALTER TABLE "instance_settings" ADD COLUMN "origin" text;