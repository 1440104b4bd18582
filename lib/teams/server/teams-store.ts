import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { isUniqueViolation } from "@/lib/server/db/errors";
import {
  auditLog,
  launchRecords,
  runcrateKeys,
  teamMembers,
  teamPolicyOverrides,
  teams,
  trackedClusters,
  stillRunning,
  users,
} from "@/lib/server/db/schema";
import type { Decision } from "@/lib/teams/permissions";
import type { TeamMembership, TeamRole } from "@/lib/teams/roles";
import { isUuid } from "@/lib/text/uuid";

export type { TeamMembership };

const PERSONAL_TEAM_NAME = "Personal";

/** A membership row read with its team, as TeamMembership. */
const membership = { teamId: teams.id, name: teams.name, personal: teams.personal, role: teamMembers.role };

/** The person's teams, their personal one first, then by name. */
export async function teamsOf(db: Db, userId: string): Promise<TeamMembership[]> {
  return db
    .select(membership)
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(desc(teams.personal), asc(teams.name), asc(teams.createdAt));
}

/** The person's membership of one team (with its name and their role), or null when they do not belong to it. */
export async function membershipOf(db: Db, teamId: string, userId: string): Promise<TeamMembership | null> {
  if (!isUuid(teamId)) return null;
  const [row] = await db
    .select(membership)
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * The team the person works in now: the membership they chose in the header's switcher, or their personal team when
 * they chose none (or left, or were removed from, the one they chose).
 */
export async function activeTeam(db: Db, userId: string): Promise<TeamMembership> {
  const [chosen] = await db
    .select(membership)
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.active, true)))
    .limit(1);
  return chosen ?? personalTeam(db, userId);
}

/** Makes one of the person's teams the one they work in. A team they do not belong to is null, and nothing changes. */
export async function chooseTeam(db: Db, userId: string, teamId: string): Promise<TeamMembership | null> {
  if (!isUuid(teamId)) return null;
  return db.transaction(async (tx) => {
    // Every membership row of the person, locked: two switches at once take turns, and one stays marked.
    const rows = await tx
      .select(membership)
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teamMembers.userId, userId))
      .for("update", { of: teamMembers });
    const target = rows.find((r) => r.teamId === teamId);
    if (!target) return null;
    await tx
      .update(teamMembers)
      .set({ active: false })
      .where(and(eq(teamMembers.userId, userId), eq(teamMembers.active, true)));
    await tx
      .update(teamMembers)
      .set({ active: true })
      .where(and(eq(teamMembers.userId, userId), eq(teamMembers.teamId, teamId)));
    return target;
  });
}

/** Makes a shared team with the person as its owner. */
export async function createTeam(db: Db, userId: string, name: string): Promise<TeamMembership> {
  return db.transaction(async (tx) => {
    const [team] = await tx.insert(teams).values({ name, createdBy: userId }).returning({ id: teams.id });
    if (!team) throw new Error("insert returned no row");
    await tx.insert(teamMembers).values({ teamId: team.id, userId, role: "owner" });
    return { teamId: team.id, name, personal: false, role: "owner" as const };
  });
}

/**
 * The person's own team of one (their personal keys), made on first use with them as its owner. Accounts made
 * before teams existed got theirs from the migration that added teams. Two requests that both find none make one: the
 * database keeps one personal team per person, and the loser reads the winner's.
 */
export async function personalTeam(db: Db, userId: string): Promise<TeamMembership> {
  const found = await findPersonalTeam(db, userId);
  if (found) return found;
  try {
    await db.transaction(async (tx) => {
      const [team] = await tx
        .insert(teams)
        .values({ name: PERSONAL_TEAM_NAME, personal: true, createdBy: userId })
        .returning({ id: teams.id });
      if (!team) throw new Error("insert returned no row");
      await tx.insert(teamMembers).values({ teamId: team.id, userId, role: "owner" });
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const made = await findPersonalTeam(db, userId);
  if (!made) throw new Error("the personal team was not made");
  return made;
}

/** A team's members, owners first, then by email. */
export async function membersOf(
  db: Db,
  teamId: string,
): Promise<{ userId: string; email: string; name: string | null; role: TeamRole }[]> {
  return db
    .select({ userId: users.id, email: users.email, name: users.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(
      sql`array_position(array['owner','admin','member','viewer'], ${teamMembers.role})`,
      asc(users.email),
    );
}

/** The person's own team, if they have one (reads never make one). */
export async function findPersonalTeam(db: Db, userId: string): Promise<TeamMembership | null> {
  const [row] = await db
    .select(membership)
    .from(teams)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)))
    .where(and(eq(teams.createdBy, userId), eq(teams.personal, true)))
    .limit(1);
  return row ?? null;
}

/**
 * The team's memberships, locked until the transaction ends: every change to who is in a team, or to what they own
 * in it, reads them this way, so two changes at once take turns and each sees the other's result.
 */
export function lockedMembers(tx: Db, teamId: string) {
  return tx
    .select({ userId: teamMembers.userId, role: teamMembers.role, email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .for("update", { of: teamMembers });
}

export type MemberChange =
  | { ok: true; email: string; from: TeamRole; handed: number; heir: string | null }
  | { ok: false; reason: "not_member" | "last_owner" | "no_such_heir" }
  | { ok: false; reason: "refused"; message: string };

/**
 * Changes a member's role (`to`) or removes them from the team (`to: null`), in one transaction that locks the
 * team's memberships, so two changes at once cannot leave a team without an owner: the last owner is neither demoted
 * nor removed. A removal may hand the clusters the member launched with the team's key to another member who may act
 * on clusters (`handTo`: not a viewer, not the member themselves); they own them from then on. `allow` says whether
 * the one asking may make this change to a member of that role (lib/teams/permissions.ts's decideMemberChange): it is
 * asked of the role read under the lock, so a role changed by someone else a moment before is the one that counts.
 */
export async function changeMember(
  db: Db,
  teamId: string,
  userId: string,
  to: TeamRole | null,
  opts: { handTo?: string; allow?: (targetRole: TeamRole) => Decision } = {},
): Promise<MemberChange> {
  if (!isUuid(teamId) || !isUuid(userId)) return { ok: false, reason: "not_member" };
  return db.transaction(async (tx) => {
    const rows = await lockedMembers(tx, teamId);
    const target = rows.find((r) => r.userId === userId);
    if (!target) return { ok: false, reason: "not_member" } as const;
    const decision = opts.allow?.(target.role);
    if (decision && !decision.allowed)
      return { ok: false, reason: "refused", message: decision.message } as const;
    const owners = rows.filter((r) => r.role === "owner").length;
    if (target.role === "owner" && to !== "owner" && owners === 1)
      return { ok: false, reason: "last_owner" } as const;
    const heir = to === null && opts.handTo ? rows.find((r) => r.userId === opts.handTo) : undefined;
    if (to === null && opts.handTo && (!heir || heir.userId === userId || heir.role === "viewer"))
      return { ok: false, reason: "no_such_heir" } as const;
    const where = and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId));
    let handed = 0;
    if (to === null) {
      if (heir)
        handed = (
          await tx
            .update(launchRecords)
            .set({ userId: heir.userId })
            .where(and(eq(launchRecords.teamId, teamId), eq(launchRecords.userId, userId)))
            .returning({ id: launchRecords.id })
        ).length;
      await tx.delete(teamMembers).where(where);
      // Their own policy override goes with them: joining again starts from the team's rules.
      await tx
        .delete(teamPolicyOverrides)
        .where(and(eq(teamPolicyOverrides.teamId, teamId), eq(teamPolicyOverrides.userId, userId)));
    } else await tx.update(teamMembers).set({ role: to }).where(where);
    return { ok: true, email: target.email, from: target.role, handed, heir: heir?.email ?? null } as const;
  });
}

export type TeamDeletion =
  | { ok: true; name: string; members: string[] }
  | { ok: false; reason: "not_member" | "personal" }
  | { ok: false; reason: "refused"; message: string }
  | { ok: false; reason: "running"; clusters: string[] };

/**
 * Deletes a shared team: its memberships, invites, keys (with what was kept per key: share links, cached cluster
 * events) and launch records. Refused while a cluster the guardian follows on the team's keys still runs: once the key
 * is gone nobody here could see it, stop it or keep its limits. What the team's members did stays in each author's
 * own log (the entries lose their team, not their author); the spend record keeps its clusters. In one transaction
 * that locks the team's memberships, so the owner's role is the one read under the lock. `allow` asks the role table.
 * Answers the members' ids, whose cached contexts hold the team's key.
 */
export async function deleteTeam(
  db: Db,
  teamId: string,
  userId: string,
  allow: (role: TeamRole) => Decision,
): Promise<TeamDeletion> {
  if (!isUuid(teamId)) return { ok: false, reason: "not_member" };
  return db.transaction(async (tx) => {
    const rows = await lockedMembers(tx, teamId);
    const actor = rows.find((r) => r.userId === userId);
    if (!actor) return { ok: false, reason: "not_member" } as const;
    const [team] = await tx.select().from(teams).where(eq(teams.id, teamId));
    if (!team || team.personal) return { ok: false, reason: "personal" } as const;
    const decision = allow(actor.role);
    if (!decision.allowed) return { ok: false, reason: "refused", message: decision.message } as const;
    const running = await tx
      .select({ name: trackedClusters.name })
      .from(trackedClusters)
      .innerJoin(runcrateKeys, eq(runcrateKeys.id, trackedClusters.keyId))
      .where(and(eq(runcrateKeys.teamId, teamId), stillRunning))
      .orderBy(asc(trackedClusters.name));
    if (running.length > 0)
      return { ok: false, reason: "running", clusters: running.map((r) => r.name) } as const;
    await tx.update(auditLog).set({ teamId: null }).where(eq(auditLog.teamId, teamId));
    await tx.delete(teams).where(eq(teams.id, teamId));
    return { ok: true, name: team.name, members: rows.map((r) => r.userId) } as const;
  });
}
