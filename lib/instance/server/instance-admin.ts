import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { isInstanceAdmin } from "@/lib/accounts/server/instance-admin";
import { configuredOrigin, storedOrigin } from "@/lib/server/mail-origin";
import type { Db } from "@/lib/server/db/client";
import { teamMembers, teams, users } from "@/lib/server/db/schema";
import type { TeamRole } from "@/lib/teams/roles";
import type { SignUpMode } from "@/lib/accounts/messages";
import { signUpModeInForce, type SignUpModeSource } from "@/lib/accounts/server/sign-up-mode";

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
  | ({
      signUp: { mode: SignUpMode; source: SignUpModeSource };
      mail: { origin: string | null; source: "environment" | "console" };
    } & Awaited<ReturnType<typeof instanceOverview>>)
  | null
> {
  if (!(await isInstanceAdmin(db, userId))) return null;
  const configured = configuredOrigin();
  const [signUp, overview, stored] = await Promise.all([
    signUpModeInForce(db),
    instanceOverview(db),
    configured ? null : storedOrigin(db),
  ]);
  const mail = configured
    ? { origin: configured, source: "environment" as const }
    : { origin: stored, source: "console" as const };
  return { signUp, mail, ...overview };
}
