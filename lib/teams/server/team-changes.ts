import "server-only";
import { revalidatePath } from "next/cache";
import { ActionError } from "@/lib/server/action-error";
import { invalidateUserContext } from "@/lib/server/user-context-cache";
import { getDb, type Db } from "@/lib/server/db/client";
import { recordAudit } from "@/lib/audit/server/audit";
import type { SessionUser } from "@/lib/accounts/server/session";
import {
  decide,
  decideMemberChange,
  type MemberChangeRequest,
  type TeamAction,
} from "@/lib/teams/permissions";
import { changeMember, membershipOf, type MemberChange, type TeamMembership } from "./teams-store";

/**
 * What the team actions (lib/teams/actions.ts) share: whether the person may act in the team, the team's log entry,
 * and a change to someone's membership.
 */

export const NO_TEAM = "That team no longer exists, or you are no longer in it. Reload the page.";

/** The person's membership of the team, once they may do `action` in it; refuses with the reason otherwise. */
export async function allowedIn(
  db: Db,
  user: SessionUser,
  teamId: string,
  action: TeamAction,
): Promise<TeamMembership> {
  const team = await membershipOf(db, teamId, user.id);
  if (!team || team.personal) throw new ActionError(NO_TEAM, "not_found");
  const decision = decide(team.role, action);
  if (!decision.allowed) throw new ActionError(decision.message, "forbidden");
  return team;
}

export async function auditTeam(
  user: SessionUser,
  team: TeamMembership,
  action:
    | "member-invited"
    | "invite-revoked"
    | "member-joined"
    | "member-role-changed"
    | "member-removed"
    | "member-left"
    | "auto-join-changed",
  detail: string,
) {
  await recordAudit({
    userId: user.id,
    teamId: team.teamId,
    action,
    clusterId: null,
    clusterName: null,
    keyLabel: "",
    detail: `team ${team.name} · ${detail}`,
  });
}

const LAST_OWNER = "A team always has an owner: make someone else an owner first.";

/**
 * A change to someone's membership, once the actor may make it (permissions.ts decideMemberChange) and the team keeps
 * an owner; answers what changed. The member's own cached context (their team's key) is dropped: they work in their
 * personal team from their next request when removed, with the new role's reach when not.
 */
export async function changeMembership(
  user: SessionUser,
  teamId: string,
  userId: string,
  change: MemberChangeRequest,
  handTo?: string,
): Promise<{ team: TeamMembership } & Extract<MemberChange, { ok: true }>> {
  const db = await getDb();
  const team = await membershipOf(db, teamId, user.id);
  if (!team || team.personal) throw new ActionError(NO_TEAM, "not_found");
  if (handTo) {
    const transfer = decide(team.role, "transfer");
    if (!transfer.allowed) throw new ActionError(transfer.message, "forbidden");
  }
  // Asked of the member's role as the store reads it under its lock: a role changed a moment ago counts.
  const result = await changeMember(db, teamId, userId, change.kind === "remove" ? null : change.to, {
    handTo,
    allow: (targetRole) => decideMemberChange(team.role, targetRole, userId === user.id, change),
  });
  if (!result.ok) {
    if (result.reason === "refused") throw new ActionError(result.message, "forbidden");
    if (result.reason === "last_owner") throw new ActionError(LAST_OWNER, "conflict");
    if (result.reason === "no_such_heir")
      throw new ActionError(NO_HEIR, "invalid-input", { handTo: NO_HEIR });
    throw new ActionError("That person is no longer in the team. Reload the page.", "not_found");
  }
  invalidateUserContext(userId);
  revalidatePath("/settings/team");
  return { team, ...result };
}

const NO_HEIR = "Their clusters can go to another member who may act on clusters (not a viewer).";
