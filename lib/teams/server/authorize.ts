import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { launchRecords, users } from "@/lib/server/db/schema";
import {
  clusterPermissions,
  decide,
  type ClusterPermissions,
  type TeamAction,
  type TransferChoices,
  type Whose,
} from "@/lib/teams/permissions";
import type { TeamMembership } from "@/lib/teams/roles";
import { activeTeam, membersOf, membershipOf } from "@/lib/teams/server/teams-store";
import type { AuditTeam } from "@/lib/audit/audit";
import { ActionError } from "@/lib/server/action-error";

/** Who launched each of these clusters from this console with the team's key (those nobody did here are absent). */
export async function launchersOf(
  db: Db,
  teamId: string,
  clusterIds: string[],
): Promise<Map<string, { userId: string; email: string }>> {
  if (clusterIds.length === 0) return new Map();
  const rows = await db
    .select({ clusterId: launchRecords.clusterId, userId: launchRecords.userId, email: users.email })
    .from(launchRecords)
    .innerJoin(users, eq(users.id, launchRecords.userId))
    .where(and(eq(launchRecords.teamId, teamId), inArray(launchRecords.clusterId, clusterIds)));
  return new Map(rows.map((r) => [r.clusterId, { userId: r.userId, email: r.email }]));
}

/**
 * Who launched a cluster from this console with the team's key, or null when nobody did here (it was created with the
 * API, the CLI or Runcrate's own dashboard).
 */
export async function launcherOf(
  db: Db,
  teamId: string,
  clusterId: string,
): Promise<{ userId: string; email: string } | null> {
  return (await launchersOf(db, teamId, [clusterId])).get(clusterId) ?? null;
}

/**
 * Whose a cluster of the team's workspace is, from the actor's side. In a personal team every cluster is the
 * person's own (their own key's workspace). A cluster of another workspace is never seen here: the team's key reads
 * only its own, and answers "not found" for the rest.
 */
export async function whoseCluster(
  db: Db,
  actor: { userId: string; team: TeamMembership },
  clusterId: string,
): Promise<Whose> {
  if (actor.team.personal) return "own";
  return (await launcherOf(db, actor.team.teamId, clusterId))?.userId === actor.userId ? "own" : "colleague";
}

export type Authorization =
  | { ok: true; whose: Whose }
  | { ok: false; kind: "forbidden" | "invalid-input"; message: string; fieldErrors?: Record<string, string> };

/**
 * Asks the role table (lib/teams/permissions.ts) whether the person may do `action` — on the cluster `clusterId`
 * where the action is on one. An admin terminating or resizing a colleague's cluster must say why (`reason`):
 * without one, the refusal is on that field. Server actions ask through their context (`allow`, in
 * lib/keys/server/runcrate-action.ts), which turns a refusal into the action's answer before anything is done.
 */
export async function authorize(
  db: Db,
  actor: { userId: string; team: TeamMembership },
  action: TeamAction,
  on?: { clusterId: string; reason?: string | null },
): Promise<Authorization> {
  const whose = on ? await whoseCluster(db, actor, on.clusterId) : "own";
  const decision = decide(actor.team.role, action, whose);
  if (!decision.allowed) return { ok: false, kind: "forbidden", message: decision.message };
  if (decision.needsReason && !on?.reason?.trim()) {
    const message = "This is a colleague's cluster: say why, and its owner is told.";
    return { ok: false, kind: "invalid-input", message, fieldErrors: { reason: message } };
  }
  return { ok: true, whose };
}

/**
 * `authorize` for one person in one team, as a function that refuses by throwing (the action answers with the reason
 * and does nothing) or says whose the cluster is: a server action's `allow`, and an approved request's, run as its
 * requester.
 */
export function allowFor(db: Db, actor: { userId: string; team: TeamMembership }) {
  return async (
    action: TeamAction,
    on?: { clusterId: string; reason?: string | null },
  ): Promise<{ whose: Whose }> => {
    const answer = await authorize(db, actor, action, on);
    if (!answer.ok) throw new ActionError(answer.message, answer.kind, answer.fieldErrors);
    return { whose: answer.whose };
  };
}

/**
 * What the cluster page offers the person on one cluster (lib/teams/permissions.ts) and who launched it; and, for an
 * admin in a shared team, whom they may hand it to (null when nobody owns it here: made outside Clusterdeck). One
 * read of its launcher serves both.
 */
export async function clusterPageAccess(
  db: Db,
  actor: { userId: string; team: TeamMembership },
  clusterId: string,
): Promise<{ permissions: ClusterPermissions; transfer: TransferChoices | null }> {
  const { team } = actor;
  if (team.personal) return { permissions: clusterPermissions(team.role, "own", null), transfer: null };
  const mayTransfer = decide(team.role, "transfer").allowed;
  const [owner, members] = await Promise.all([
    launcherOf(db, team.teamId, clusterId),
    mayTransfer ? membersOf(db, team.teamId) : null,
  ]);
  const whose = owner?.userId === actor.userId ? "own" : "colleague";
  const permissions = clusterPermissions(
    team.role,
    whose,
    whose === "colleague" ? (owner?.email ?? null) : null,
  );
  const transfer =
    owner && members
      ? {
          owner,
          candidates: members
            .filter((m) => m.role !== "viewer" && m.userId !== owner.userId)
            .map(({ userId, email, name }) => ({ userId, email, name })),
        }
      : null;
  return { permissions, transfer };
}

/**
 * A shared team the person may run (its policy, its budgets): their membership there, or a refusal to answer with —
 * the team is gone or they left it, it is their own team, or their role may not.
 */
export async function teamToRun(
  db: Db,
  teamId: string,
  userId: string,
  action: "policies",
): Promise<TeamMembership> {
  const team = await membershipOf(db, teamId, userId);
  if (!team || team.personal)
    throw new ActionError(
      "That team no longer exists, or you are no longer in it. Reload the page.",
      "not_found",
    );
  const may = decide(team.role, action);
  if (!may.allowed) throw new ActionError(may.message, "forbidden");
  return team;
}

/**
 * The shared team whose audit log the person reads, with its people, or null: in a personal team, or in a role that
 * may not read the team's log, a person reads their own entries.
 */
export async function teamLogOf(db: Db, userId: string): Promise<AuditTeam | null> {
  const team = await activeTeam(db, userId);
  if (team.personal || !decide(team.role, "audit").allowed) return null;
  const people = (await membersOf(db, team.teamId)).map(({ userId, email, name }) => ({
    userId,
    email,
    name,
  }));
  return { teamId: team.teamId, name: team.name, people };
}
