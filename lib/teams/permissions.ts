import type { TeamRole } from "@/lib/teams/roles";

/**
 * The one place that decides what a role may do: a table of role × action × whose resource. Every action, route
 * handler and page asks `decide()`; a refusal carries the message the person sees. Browser-safe, so a page can hide
 * or explain a control with the same answer the server gives.
 */

/** What can be done in a team. Cluster actions name the cluster's owner (`whose`); team actions do not. */
export const TEAM_ACTIONS = [
  // on clusters
  "view",
  "launch",
  "terminate",
  "resize",
  "test",
  "limits",
  "share",
  "transfer",
  // on the team
  "members",
  "invite",
  "keys",
  "policies",
  "audit",
  "name-owners",
  "delete-team",
] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];

/** Actions that concern one cluster, whose owner matters. */
const CLUSTER_ACTIONS = new Set<TeamAction>([
  "view",
  "terminate",
  "resize",
  "test",
  "limits",
  "share",
  "transfer",
]);

/**
 * Whose resource the action is on, from the actor's side: their own cluster, a colleague's in the same team (or one
 * made outside Clusterdeck, which has no owner here), or one that belongs to another team.
 */
export type Whose = "own" | "colleague" | "other-team";

export type Decision =
  | {
      allowed: true;
      /** An admin acting on a colleague's cluster says why; the owner is told. */ needsReason: boolean;
    }
  | { allowed: false; message: string };

/** A role's reach: `none`, the actor's own clusters only, or every cluster of the team. */
type Reach = "none" | "own" | "team";

const TABLE: Record<TeamAction, Record<TeamRole, Reach>> = {
  view: { owner: "team", admin: "team", member: "team", viewer: "team" },
  launch: { owner: "team", admin: "team", member: "team", viewer: "none" },
  terminate: { owner: "team", admin: "team", member: "own", viewer: "none" },
  resize: { owner: "team", admin: "team", member: "own", viewer: "none" },
  test: { owner: "team", admin: "team", member: "own", viewer: "none" },
  limits: { owner: "team", admin: "team", member: "own", viewer: "none" },
  share: { owner: "team", admin: "team", member: "own", viewer: "none" },
  transfer: { owner: "team", admin: "team", member: "none", viewer: "none" },
  members: { owner: "team", admin: "team", member: "none", viewer: "none" },
  invite: { owner: "team", admin: "team", member: "none", viewer: "none" },
  keys: { owner: "team", admin: "team", member: "none", viewer: "none" },
  policies: { owner: "team", admin: "team", member: "none", viewer: "none" },
  audit: { owner: "team", admin: "team", member: "team", viewer: "team" },
  "name-owners": { owner: "team", admin: "none", member: "none", viewer: "none" },
  "delete-team": { owner: "team", admin: "none", member: "none", viewer: "none" },
};

/** Terminating or resizing a colleague's cluster ends or changes their work: the admin gives a reason. */
const REASON_ON_COLLEAGUES = new Set<TeamAction>(["terminate", "resize"]);

const ACTION_WORDS: Record<TeamAction, string> = {
  view: "see this cluster",
  launch: "launch clusters",
  terminate: "terminate",
  resize: "resize",
  test: "run tests on",
  limits: "change the limits of",
  share: "share",
  transfer: "transfer",
  members: "manage the team's members",
  invite: "invite people",
  keys: "manage the team's keys",
  policies: "change the team's policies",
  audit: "read the team's audit log",
  "name-owners": "name owners",
  "delete-team": "delete the team",
};

function refusal(role: TeamRole, action: TeamAction, reach: Reach): string {
  if (role === "viewer") return "Viewers can see the team's clusters but take no action.";
  if (CLUSTER_ACTIONS.has(action) && reach === "own")
    return `Only an admin can ${ACTION_WORDS[action]} a colleague's cluster.`;
  if (action === "name-owners" || action === "delete-team")
    return `Only an owner can ${ACTION_WORDS[action]}.`;
  if (CLUSTER_ACTIONS.has(action)) return `Only an admin can ${ACTION_WORDS[action]} a cluster.`;
  return `Only an admin can ${ACTION_WORDS[action]}.`;
}

/**
 * May `role` do `action`? `whose` is the cluster's owner from the actor's side (team actions ignore it). A cluster of
 * another team is refused to every role, whatever it may do in its own.
 */
export function decide(role: TeamRole, action: TeamAction, whose: Whose = "own"): Decision {
  if (CLUSTER_ACTIONS.has(action) && whose === "other-team")
    return { allowed: false, message: "That cluster belongs to another team." };
  const reach = TABLE[action][role];
  const colleague = CLUSTER_ACTIONS.has(action) && whose === "colleague";
  if (reach === "none" || (reach === "own" && colleague))
    return { allowed: false, message: refusal(role, action, reach) };
  return { allowed: true, needsReason: colleague && REASON_ON_COLLEAGUES.has(action) };
}

/** A change to a team's membership: another role for someone, or their removal (leaving, when it is the actor). */
export type MemberChangeRequest = { kind: "role"; to: TeamRole } | { kind: "remove" };

/**
 * May the actor (`role`, and whether the member is themselves) make this change to a member who holds `targetRole`?
 * Anyone may leave; admins manage members; only an owner names, demotes or removes an owner. Whether the team would be
 * left without an owner is the store's to check (teams-store.ts changeMember), under a lock.
 */
export function decideMemberChange(
  role: TeamRole,
  targetRole: TeamRole,
  self: boolean,
  change: MemberChangeRequest,
): Decision {
  if (change.kind === "remove" && self) return { allowed: true, needsReason: false };
  const members = decide(role, "members");
  if (!members.allowed) return members;
  if (targetRole === "owner" || (change.kind === "role" && change.to === "owner"))
    return decide(role, "name-owners");
  return members;
}

/** The actions the cluster page offers on one cluster. */
export const CLUSTER_PAGE_ACTIONS = ["terminate", "resize", "test", "limits", "share"] as const;
export type ClusterPageAction = (typeof CLUSTER_PAGE_ACTIONS)[number];

/** What the person may do on one cluster, and whose it is: the cluster page hides what it would refuse. */
export type ClusterPermissions = {
  whose: Whose;
  /** Who launched it from this console, when it is a colleague's; null when nobody did here. */
  launchedBy: string | null;
  actions: Record<ClusterPageAction, Decision>;
};

export function clusterPermissions(
  role: TeamRole,
  whose: Whose,
  launchedBy: string | null,
): ClusterPermissions {
  const actions = Object.fromEntries(CLUSTER_PAGE_ACTIONS.map((a) => [a, decide(role, a, whose)]));
  return { whose, launchedBy, actions: actions as Record<ClusterPageAction, Decision> };
}

/** What the cluster page's "Hand on" offers: who owns the cluster now and who may be handed it. */
export type TransferChoices = {
  owner: { userId: string; email: string };
  candidates: { userId: string; email: string; name: string | null }[];
};

/** Everything allowed, no reasons asked: a person's own cluster in their own team. */
export const ALL_ALLOWED: ClusterPermissions = clusterPermissions("owner", "own", null);

/** For the "no key yet" state: nothing for a personal team; a shared team's name, and whether the person adds its key. */
export function noKeyTeam(team: {
  name: string;
  personal: boolean;
  role: TeamRole;
}): { name: string; managesKeys: boolean } | null {
  return team.personal ? null : { name: team.name, managesKeys: decide(team.role, "keys").allowed };
}
