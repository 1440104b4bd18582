import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { teamMembers, teams } from "@/lib/server/db/schema";

/**
 * Joining a team by email domain, the sign-in's step: the domain and role are the team's setting
 * (lib/teams/server/auto-join.ts); a person who signs in through the instance's OIDC provider with an address there,
 * which the provider says it verified, joins the team with that role.
 */

/**
 * After a sign-in through `provider`: the teams the person joined because of their address's domain (none unless the
 * provider is OIDC and says it verified the address). A team they are in already is left as it is.
 */
export async function joinTeamsByDomain(
  db: Db,
  user: { id: string; email: string },
  claim: { provider: string; emailVerified: boolean },
): Promise<{ teamId: string; name: string; role: "member" | "viewer" }[]> {
  if (claim.provider !== "oidc" || !claim.emailVerified) return [];
  const at = user.email.lastIndexOf("@");
  if (at < 1) return [];
  const domain = user.email.slice(at + 1).toLowerCase();
  const open = await db
    .select({ teamId: teams.id, name: teams.name, role: teams.joinRole })
    .from(teams)
    .where(and(eq(teams.joinDomain, domain), eq(teams.personal, false)));
  const joined: { teamId: string; name: string; role: "member" | "viewer" }[] = [];
  for (const t of open) {
    if (!t.role) continue;
    const rows = await db
      .insert(teamMembers)
      .values({ teamId: t.teamId, userId: user.id, role: t.role })
      .onConflictDoNothing()
      .returning({ teamId: teamMembers.teamId });
    if (rows.length > 0) joined.push({ teamId: t.teamId, name: t.name, role: t.role });
  }
  return joined;
}
