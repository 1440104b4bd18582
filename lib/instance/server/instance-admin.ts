import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { teamMembers, teams, users } from "@/lib/server/db/schema";
import type { TeamRole } from "@/lib/teams/roles";
import type { SignUpMode } from "@/lib/accounts/messages";
import { signUpModeInForce, type SignUpModeSource } from "@/lib/accounts/server/sign-up-mode";

/**
 * The instance's administrator: its first account (the person who installed it signs up first). They see every
 * team's members — never a key — and choose who may sign up. Read from the accounts themselves, so there is nothing
 * to keep in step: if that account is ever deleted, the next oldest is the administrator.
 */
export async function instanceAdminId(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row?.id ?? null;
}

export async function isInstanceAdmin(db: Db, userId: string): Promise<boolean> {
  return (await instanceAdminId(db)) === userId;
}

export type InstanceTeam = {
  teamId: string;
  name: string;
  createdAt: string;
  members: { email: string; name: string | null; role: TeamRole }[];
};

/** Every shared team with its members and their roles (no keys), the newest team first; and how many accounts. */
export async function instanceOverview(db: Db): Promise<{ accounts: number; teams: InstanceTeam[] }> {
  const [counted, rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(users),
    db
      .select({
        teamId: teams.id,
        name: teams.name,
        createdAt: teams.createdAt,
        email: users.email,
        userName: users.name,
        role: teamMembers.role,
      })
      .from(teams)
      .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teams.personal, false))
      .orderBy(
        sql`${teams.createdAt} desc`,
        teams.id,
        sql`array_position(array['owner','admin','member','viewer'], ${teamMembers.role})`,
        asc(users.email),
      ),
  ]);
  const byTeam = new Map<string, InstanceTeam>();
  for (const r of rows) {
    let team = byTeam.get(r.teamId);
    if (!team) {
      team = { teamId: r.teamId, name: r.name, createdAt: r.createdAt.toISOString(), members: [] };
      byTeam.set(r.teamId, team);
    }
    team.members.push({ email: r.email, name: r.userName, role: r.role });
  }
  return { accounts: Number(counted[0]?.n ?? 0), teams: [...byTeam.values()] };
}

/** What Settings → Instance shows its administrator, or null for anyone else. */
export async function instanceView(
  db: Db,
  userId: string,
): Promise<
  | ({ signUp: { mode: SignUpMode; source: SignUpModeSource } } & Awaited<
      ReturnType<typeof instanceOverview>
    >)
  | null
> {
  if (!(await isInstanceAdmin(db, userId))) return null;
  const [signUp, overview] = await Promise.all([signUpModeInForce(db), instanceOverview(db)]);
  return { signUp, ...overview };
}
