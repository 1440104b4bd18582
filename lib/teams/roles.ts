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

/** A role as the pages name it. */
export const ROLE_WORD: Record<TeamRole, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
  viewer: "Viewer",
};

/** What a role lets a person do, in a few words (the invite page). */
export const ROLE_MEANS: Record<TeamRole, string> = {
  owner: "everything",
  admin: "manage members and keys, and act on anyone's cluster",
  member: "launch clusters with the team's key and act on your own",
  viewer: "see the team's clusters, costs and tests",
};

/** A team as one of its members sees it: which team, and their role in it. */
export type TeamMembership = { teamId: string; name: string; personal: boolean; role: TeamRole };
