import "server-only";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { normalizeEmail } from "@/lib/accounts/server/users";
import { isUuid } from "@/lib/text/uuid";
import { hashLinkToken, LINK_TOKEN_PATTERN, newLinkToken } from "@/lib/server/crypto/link-token";
import type { Db } from "@/lib/server/db/client";
import { isUniqueViolation } from "@/lib/server/db/errors";
import { teamInvites, teamMembers, teams, users, type TeamInviteRow } from "@/lib/server/db/schema";
import type { TeamMembership } from "@/lib/teams/roles";
import type { InviteRole } from "@/lib/teams/schemas";

/** An invite as its team's admins see it while it waits: never its token, which was shown once. */
export type PendingInvite = {
  id: string;
  email: string;
  role: InviteRole;
  expiresAt: Date;
  invitedBy: string | null;
};

/** What a link's token opens: the invite's team, role and address, and whether it can still be accepted. */
export type InviteLookup =
  | { state: "unknown" }
  | {
      state: "pending" | "expired" | "revoked" | "accepted";
      teamId: string;
      teamName: string;
      email: string;
      role: InviteRole;
      expiresAt: Date;
    };

export type AcceptResult =
  | { ok: true; team: TeamMembership }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "accepted" | "wrong_email" | "already_member" };

/**
 * Invites a person (by email) into a team with a role, for `days`. An earlier invite of the same address to the same
 * team that is still waiting is revoked: one link per person is in circulation. The token is returned once.
 */
export async function createInvite(
  db: Db,
  input: { teamId: string; email: string; role: InviteRole; invitedBy: string; days: number },
  now = new Date(),
): Promise<{ token: string; invite: PendingInvite }> {
  const email = normalizeEmail(input.email);
  const token = newLinkToken();
  const expiresAt = new Date(now.getTime() + input.days * 86_400_000);
  const row = await db.transaction(async (tx) => {
    await tx
      .update(teamInvites)
      .set({ revokedAt: now })
      .where(and(eq(teamInvites.teamId, input.teamId), eq(teamInvites.email, email), waiting(now)));
    const [made] = await tx
      .insert(teamInvites)
      .values({
        teamId: input.teamId,
        email,
        role: input.role,
        tokenHash: hashLinkToken(token),
        invitedBy: input.invitedBy,
        createdAt: now,
        expiresAt,
      })
      .returning();
    if (!made) throw new Error("insert returned no row");
    return made;
  });
  const [inviter] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.invitedBy));
  return {
    token,
    invite: {
      id: row.id,
      email,
      role: row.role,
      expiresAt: row.expiresAt,
      invitedBy: inviter?.email ?? null,
    },
  };
}

/** Neither accepted nor revoked, and not yet expired. */
function waiting(now: Date) {
  return and(isNull(teamInvites.acceptedAt), isNull(teamInvites.revokedAt), gt(teamInvites.expiresAt, now));
}

/** The team's invites that can still be accepted, newest first. */
export async function pendingInvites(db: Db, teamId: string, now = new Date()): Promise<PendingInvite[]> {
  return db
    .select({
      id: teamInvites.id,
      email: teamInvites.email,
      role: teamInvites.role,
      expiresAt: teamInvites.expiresAt,
      invitedBy: users.email,
    })
    .from(teamInvites)
    .leftJoin(users, eq(users.id, teamInvites.invitedBy))
    .where(and(eq(teamInvites.teamId, teamId), waiting(now)))
    .orderBy(desc(teamInvites.createdAt));
}

/** Revokes one of the team's waiting invites; false when there is none such (another team's, used, gone). */
export async function revokeInvite(db: Db, teamId: string, inviteId: string, now = new Date()) {
  if (!isUuid(inviteId)) return null;
  const [row] = await db
    .update(teamInvites)
    .set({ revokedAt: now })
    .where(and(eq(teamInvites.id, inviteId), eq(teamInvites.teamId, teamId), waiting(now)))
    .returning({ email: teamInvites.email, role: teamInvites.role });
  return row ?? null;
}

/** Used, withdrawn, past its time, or still waiting to be accepted. */
function stateOf(
  invite: Pick<TeamInviteRow, "acceptedAt" | "revokedAt" | "expiresAt">,
  now: Date,
): "accepted" | "revoked" | "expired" | "pending" {
  if (invite.acceptedAt) return "accepted";
  if (invite.revokedAt) return "revoked";
  return invite.expiresAt <= now ? "expired" : "pending";
}

/** What a token opens, in whatever state; a malformed or unknown token is `unknown`. */
export async function findInvite(db: Db, token: string, now = new Date()): Promise<InviteLookup> {
  if (!LINK_TOKEN_PATTERN.test(token)) return { state: "unknown" };
  const [row] = await db
    .select({ invite: teamInvites, teamName: teams.name })
    .from(teamInvites)
    .innerJoin(teams, eq(teams.id, teamInvites.teamId))
    .where(eq(teamInvites.tokenHash, hashLinkToken(token)))
    .limit(1);
  if (!row) return { state: "unknown" };
  const { invite } = row;
  return {
    state: stateOf(invite, now),
    teamId: invite.teamId,
    teamName: row.teamName,
    email: invite.email,
    role: invite.role,
    expiresAt: invite.expiresAt,
  };
}

/**
 * Accepts an invite for the signed-in person: only with the invited address, only once, only before it expires or is
 * revoked. Two accepts of one link at once: the invite row's lock lets one through. Someone already in the team
 * keeps their role, and the invite stays unused.
 */
export async function acceptInvite(
  db: Db,
  token: string,
  user: { id: string; email: string },
  now = new Date(),
): Promise<AcceptResult> {
  if (!LINK_TOKEN_PATTERN.test(token)) return { ok: false, reason: "unknown" };
  try {
    return await db.transaction(async (tx): Promise<AcceptResult> => {
      const [row] = await tx
        .select({ invite: teamInvites, teamName: teams.name })
        .from(teamInvites)
        .innerJoin(teams, eq(teams.id, teamInvites.teamId))
        .where(eq(teamInvites.tokenHash, hashLinkToken(token)))
        .for("update", { of: teamInvites });
      if (!row) return { ok: false, reason: "unknown" };
      const { invite } = row;
      const state = stateOf(invite, now);
      if (state !== "pending") return { ok: false, reason: state };
      if (invite.email !== normalizeEmail(user.email)) return { ok: false, reason: "wrong_email" };
      const [member] = await tx
        .select({ role: teamMembers.role })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, invite.teamId), eq(teamMembers.userId, user.id)));
      if (member) return { ok: false, reason: "already_member" };
      await tx.insert(teamMembers).values({ teamId: invite.teamId, userId: user.id, role: invite.role });
      await tx
        .update(teamInvites)
        .set({ acceptedAt: now, acceptedBy: user.id })
        .where(eq(teamInvites.id, invite.id));
      return {
        ok: true,
        team: { teamId: invite.teamId, name: row.teamName, personal: false, role: invite.role },
      };
    });
  } catch (err) {
    // Joined by another invite at the same moment: the membership's key let one in.
    if (isUniqueViolation(err)) return { ok: false, reason: "already_member" };
    throw err;
  }
}

/** What the invite page shows a signed-in person for a link. */
export type InvitePage =
  | { state: "gone"; title: string; message: string }
  | { state: "wrong-email"; email: string }
  | { state: "member"; teamName: string }
  | { state: "open"; teamName: string; role: InviteRole; expiresAt: Date };

const GONE: Record<"unknown" | "expired" | "revoked" | "accepted", { title: string; message: string }> = {
  unknown: {
    title: "This invite link is not valid",
    message: "Check that the whole link was copied, or ask the team's admin for a new one.",
  },
  expired: { title: "This invite has expired", message: "Ask the team's admin for a new one." },
  revoked: { title: "This invite was withdrawn", message: "Ask the team's admin for a new one." },
  accepted: {
    title: "This invite has already been used",
    message: "Each invite works once. Ask the team's admin for a new one.",
  },
};

export async function invitePage(
  db: Db,
  token: string,
  user: { id: string; email: string },
  now = new Date(),
): Promise<InvitePage> {
  const invite = await findInvite(db, token, now);
  if (invite.state === "unknown") return { state: "gone", ...GONE.unknown };
  // Whoever is in the team already (by this link or another way) is told so, whatever became of the link.
  const [member] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, invite.teamId), eq(teamMembers.userId, user.id)));
  if (member) return { state: "member", teamName: invite.teamName };
  if (invite.state !== "pending") return { state: "gone", ...GONE[invite.state] };
  if (invite.email !== normalizeEmail(user.email)) return { state: "wrong-email", email: invite.email };
  return { state: "open", teamName: invite.teamName, role: invite.role, expiresAt: invite.expiresAt };
}
