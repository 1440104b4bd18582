ALTER TABLE "share_link_opens" ADD COLUMN "last_opened_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "share_link_opens" ADD COLUMN "opens" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- One row per (link, viewer): each viewer's earliest row keeps the first and the latest open and the count of all.
UPDATE "share_link_opens" AS o SET "last_opened_at" = a."last_at", "opens" = a."n" FROM (SELECT "link_id", "user_id", max("opened_at") AS "last_at", count(*)::integer AS "n", (array_agg("id" ORDER BY "opened_at", "id"))[1] AS "keep" FROM "share_link_opens" GROUP BY "link_id", "user_id") AS a WHERE o."id" = a."keep";--> statement-breakpoint
DELETE FROM "share_link_opens" AS o WHERE o."id" NOT IN (SELECT (array_agg("id" ORDER BY "opened_at", "id"))[1] FROM "share_link_opens" GROUP BY "link_id", "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_link_opens_viewer" ON "share_link_opens" USING btree ("link_id","user_id");
