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

export const ROLE_LABELS: Record<TeamRole, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
  viewer: "Viewer",
};

/** What each role is for, in the words the members page shows. */
export const ROLE_SUMMARIES: Record<TeamRole, string> = {
  owner: "Everything, including deleting the team and naming other owners. A team always has one.",
  admin: "Members, keys and policies, and acting on anyone's cluster.",
  member: "Launches, acts on their own clusters, sees the team's.",
  viewer: "Sees clusters, costs, tests and events; takes no action.",
};

export function isTeamRole(v: unknown): v is TeamRole {
  return typeof v === "string" && (TEAM_ROLES as readonly string[]).includes(v);
}
