"use server";

import { revalidatePath } from "next/cache";
import { ActionError } from "@/lib/server/action-error";
import { userAction } from "@/lib/accounts/server/user-action";
import { invalidateUserContext } from "@/lib/server/user-context-cache";
import { getDb } from "@/lib/server/db/client";
import { recordAudit } from "@/lib/audit/server/audit";
import { decide } from "@/lib/teams/permissions";
import { ROLE_WORD } from "@/lib/teams/roles";
import { emailConfig } from "@/lib/server/email";
import { mailOrigin } from "@/lib/server/mail-origin";
import { keyRing } from "@/lib/server/crypto/key-ring";
import { processEngine } from "@/lib/server/jobs/process-engine";
import { queueInviteEmail } from "@/lib/teams/server/invite-email";
import { autoJoinOf, setAutoJoin, type AutoJoin } from "@/lib/teams/server/auto-join";
import {
  acceptInviteSchema,
  autoJoinSchema,
  createInviteSchema,
  createTeamSchema,
  deleteTeamSchema,
  INVITE_DAYS,
  invitePath,
  inviteRefSchema,
  memberRoleSchema,
  removeMemberSchema,
  teamRefSchema,
} from "@/lib/teams/schemas";
import {
  acceptInvite,
  createInvite,
  revokeInvite,
  type AcceptResult,
  type PendingInvite,
} from "@/lib/teams/server/invites-store";
import { chooseTeam, createTeam, deleteTeam, type TeamMembership } from "@/lib/teams/server/teams-store";
import { allowedIn, auditTeam, changeMembership, NO_TEAM } from "@/lib/teams/server/team-changes";

/** Teams: making one, choosing the one a person works in (the header's switcher), and inviting people into it. */

function switched(userId: string) {
  // Everything a page shows was read with the other team's key.
  invalidateUserContext(userId);
  revalidatePath("/", "layout");
}

/** Works in another of the person's teams from now on: its key, its clusters, their role in it. */
export const chooseTeamAction = userAction(
  teamRefSchema,
  async function chooseTeamAction({ teamId }, { user }): Promise<TeamMembership> {
    const team = await chooseTeam(await getDb(), user.id, teamId);
    if (!team) throw new ActionError("That team no longer exists, or you are no longer in it.", "not_found");
    switched(user.id);
    return team;
  },
);

/** Makes a team with the person as its owner, and has them work in it. */
export const createTeamAction = userAction(
  createTeamSchema,
  async function createTeamAction({ name }, { user }): Promise<TeamMembership> {
    const db = await getDb();
    const team = await createTeam(db, user.id, name);
    await chooseTeam(db, user.id, team.teamId);
    switched(user.id);
    return team;
  },
  { throttle: "create-team" },
);

/**
 * Invites a person by email with a role, for a week; answers the invite and its link (shown once: only the token's
 * hash is kept). Inviting the same address again replaces the earlier link.
 */
export const createInviteAction = userAction(
  createInviteSchema,
  async function createInviteAction(
    { teamId, email, role, sendEmail },
    { user },
  ): Promise<{ invite: PendingInvite; path: string; emailed: boolean }> {
    const db = await getDb();
    const team = await allowedIn(db, user, teamId, "invite");
    const { token, invite } = await createInvite(db, {
      teamId: team.teamId,
      email,
      role,
      invitedBy: user.id,
      days: INVITE_DAYS,
    });
    // Mailed by a job (the action answers at once; a failed send is retried), where the instance sends email.
    // Its link points at the instance's own origin, never this request's (lib/server/mail-origin.ts); an instance
    // that has none yet shows the link to copy instead.
    const appUrl = sendEmail && emailConfig() !== null ? await mailOrigin(db) : null;
    const emailed = appUrl !== null;
    if (emailed)
      await queueInviteEmail((await processEngine()).boss, keyRing(), { inviteId: invite.id, token, appUrl });
    await auditTeam(
      user,
      team,
      "member-invited",
      `${invite.email} as ${ROLE_WORD[role].toLowerCase()}${emailed ? " · by email" : ""}`,
    );
    revalidatePath("/settings/team");
    return { invite, path: invitePath(token), emailed };
  },
  { throttle: "invite" },
);

export const revokeInviteAction = userAction(
  inviteRefSchema,
  async function revokeInviteAction({ teamId, inviteId }, { user }): Promise<null> {
    const db = await getDb();
    const team = await allowedIn(db, user, teamId, "invite");
    const revoked = await revokeInvite(db, team.teamId, inviteId);
    if (!revoked) throw new ActionError("That invite was already used, revoked or has expired.", "not_found");
    await auditTeam(user, team, "invite-revoked", revoked.email);
    revalidatePath("/settings/team");
    return null;
  },
);

const REFUSED: Record<Extract<AcceptResult, { ok: false }>["reason"], string> = {
  unknown: "This invite link is not valid. Ask for a new one.",
  expired: "This invite has expired. Ask the team's admin for a new one.",
  revoked: "This invite was withdrawn. Ask the team's admin for a new one.",
  accepted: "This invite has already been used.",
  wrong_email: "This invite is for another email address. Sign in with that address to accept it.",
  already_member: "You are already in this team.",
};

/** Joins the team an invite names, with its role, and has the person work in it. */
export const acceptInviteAction = userAction(
  acceptInviteSchema,
  async function acceptInviteAction({ token }, { user }): Promise<TeamMembership> {
    const db = await getDb();
    const result = await acceptInvite(db, token, user);
    if (!result.ok)
      throw new ActionError(
        REFUSED[result.reason],
        result.reason === "wrong_email" ? "forbidden" : "conflict",
      );
    await chooseTeam(db, user.id, result.team.teamId);
    await auditTeam(
      user,
      result.team,
      "member-joined",
      `${user.email} as ${ROLE_WORD[result.team.role].toLowerCase()}`,
    );
    switched(user.id);
    return result.team;
  },
);

/** Gives a member another role. Only an owner names or demotes an owner; the last one stays. */
export const changeMemberRoleAction = userAction(
  memberRoleSchema,
  async function changeMemberRoleAction({ teamId, userId, role }, { user }): Promise<null> {
    const { team, email, from } = await changeMembership(user, teamId, userId, { kind: "role", to: role });
    if (from !== role)
      await auditTeam(
        user,
        team,
        "member-role-changed",
        `${email}: ${ROLE_WORD[from].toLowerCase()} → ${ROLE_WORD[role].toLowerCase()}`,
      );
    return null;
  },
);

/**
 * Removes a member from the team, or, for one's own membership, leaves it. An admin removing someone may hand the
 * clusters that person launched with the team's key to another member (`handTo`), who owns them from then on.
 */
export const removeMemberAction = userAction(
  removeMemberSchema,
  async function removeMemberAction({ teamId, userId, handTo }, { user }): Promise<{ handed: number }> {
    const { team, email, handed, heir } = await changeMembership(
      user,
      teamId,
      userId,
      { kind: "remove" },
      handTo,
    );
    const self = userId === user.id;
    const clusters = `${handed} cluster${handed === 1 ? "" : "s"}`;
    await auditTeam(
      user,
      team,
      self ? "member-left" : "member-removed",
      heir && handed > 0 ? `${email} · ${clusters} to ${heir}` : email,
    );
    if (self) switched(user.id);
    return { handed };
  },
);

/**
 * Deletes a shared team (an owner's action, confirmed by typing its name): its members work with their own keys from
 * their next request. Refused while a cluster on the team's key still runs. The deletion is in the owner's own log
 * (the team's is gone with it; each member keeps their own entries).
 */
export const deleteTeamAction = userAction(
  deleteTeamSchema,
  async function deleteTeamAction({ teamId, confirmName }, { user }): Promise<{ name: string }> {
    const db = await getDb();
    const team = await allowedIn(db, user, teamId, "delete-team");
    if (confirmName.trim() !== team.name)
      throw new ActionError(`Type the team's name, ${team.name}, to confirm.`, "invalid-input", {
        confirmName: "That is not the team's name.",
      });
    const result = await deleteTeam(db, teamId, user.id, (role) => decide(role, "delete-team"));
    if (!result.ok) {
      if (result.reason === "refused") throw new ActionError(result.message, "forbidden");
      if (result.reason === "running") {
        const n = result.clusters.length;
        const names = result.clusters.slice(0, 5).join(", ") + (n > 5 ? ` and ${n - 5} more` : "");
        throw new ActionError(
          `${n === 1 ? "A cluster" : `${n} clusters`} on the team's key ${n === 1 ? "is" : "are"} still running (${names}). Terminate ${n === 1 ? "it" : "them"} first: once the team is gone, nobody here could see ${n === 1 ? "it" : "them"} or stop ${n === 1 ? "it" : "them"}.`,
          "conflict",
        );
      }
      throw new ActionError(NO_TEAM, "not_found");
    }
    await recordAudit({
      userId: user.id,
      teamId: null,
      action: "team-deleted",
      clusterId: null,
      clusterName: null,
      keyLabel: "",
      detail: `team ${result.name} · ${result.members.length} member${result.members.length === 1 ? "" : "s"}`,
    });
    for (const member of result.members) invalidateUserContext(member);
    switched(user.id);
    return { name: result.name };
  },
);

const joinWords = (j: AutoJoin | null) => (j ? `@${j.domain} as ${ROLE_WORD[j.role].toLowerCase()}` : "off");

/**
 * Sets who joins the team by their email's domain (an empty domain: nobody), when they sign in through the instance's
 * OIDC provider with an address it verified. Managing members is an admin's; audited.
 */
export const setAutoJoinAction = userAction(
  autoJoinSchema,
  async function setAutoJoinAction({ teamId, domain, role }, { user }): Promise<AutoJoin | null> {
    const db = await getDb();
    const team = await allowedIn(db, user, teamId, "members");
    const before = await autoJoinOf(db, team.teamId);
    const after = domain ? { domain, role } : null;
    await setAutoJoin(db, team.teamId, after);
    if (joinWords(before) !== joinWords(after))
      await auditTeam(user, team, "auto-join-changed", `${joinWords(before)} → ${joinWords(after)}`);
    revalidatePath("/settings/team");
    return after;
  },
);
