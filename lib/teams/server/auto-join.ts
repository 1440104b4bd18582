import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { teams } from "@/lib/server/db/schema";

/**
 * Joining a team by email domain: an admin names a domain and a role (member or viewer); a person who signs in through
 * the instance's OIDC provider with an address at that domain, which the provider says it verified, joins the team
 * with that role on their sign-in (their first, or a later one once the domain is set). Only OIDC: it is the
 * organisation's own directory; GitHub's addresses are anyone's. Nobody becomes an admin or owner this way. The joining
 * itself is a step of the sign-in: lib/accounts/server/join-by-domain.ts.
 */

export type AutoJoin = { domain: string; role: "member" | "viewer" };

export async function autoJoinOf(db: Db, teamId: string): Promise<AutoJoin | null> {
  const [row] = await db
    .select({ domain: teams.joinDomain, role: teams.joinRole })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row?.domain && row.role ? { domain: row.domain, role: row.role } : null;
}

/** Sets (or, with null, ends) a shared team's joining by domain. */
export async function setAutoJoin(db: Db, teamId: string, join: AutoJoin | null): Promise<void> {
  await db
    .update(teams)
    .set({ joinDomain: join?.domain ?? null, joinRole: join?.role ?? null })
    .where(and(eq(teams.id, teamId), eq(teams.personal, false)));
}
