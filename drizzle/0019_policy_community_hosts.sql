-- A team policy allows community hosts only when its admins say so.
ALTER TABLE "team_policies" ADD COLUMN "allow_community" boolean DEFAULT false NOT NULL;