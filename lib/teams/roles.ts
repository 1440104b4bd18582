/**
 * A team's roles, from the most to the least authority. A team is a group of people working in one Runcrate
 * workspace; a person may belong to several, with one role in each. A person's own key is a team of one, where they
 * are the owner.
 */
import type { TeamMemberRow } from "@/lib/server/db/schema/teams";

// Each one a value the members table takes (its check constraint lists the same four).
export const TEAM_ROLES = [
  "owner",
  "admin",
  "member",
  "viewer",
] as const satisfies readonly TeamMemberRow["role"][];
export type TeamRole = (typeof TEAM_ROLES)[number];
