import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markEmailVerified, emailStatus } from "@/lib/accounts/server/email-verification";
import type { Database } from "@/lib/server/db/client";
import { autoJoinOf, setAutoJoin } from "@/lib/teams/server/auto-join";
import { joinTeamsByDomain } from "@/lib/accounts/server/join-by-domain";
import { createTeam, membersOf, personalTeam } from "@/lib/teams/server/teams-store";
import { BACKENDS } from "../db/support/backends";
import { makeUser } from "../db/support/fixtures";

/**
 * Joining a team by email domain: only a sign-in through the OIDC provider with an address it verified, at the
 * domain an admin set, joins, with the role set (never more); a member already in the team keeps their role.
 */
describe.each(BACKENDS)("joining by email domain on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  it("an OIDC sign-in with a verified address at the domain joins; GitHub, unverified or another domain do not", async () => {
    const { db } = database;
    const run = Math.random().toString(36).slice(2, 8);
    const domain = `lab-${run}.example.org`;
    const owner = await makeUser(db);
    const { teamId } = await createTeam(db, owner.id, "Lab");
    const { teamId: closed } = await createTeam(db, owner.id, "Closed");
    expect(await autoJoinOf(db, teamId)).toBeNull();
    await setAutoJoin(db, teamId, { domain, role: "viewer" });
    expect(await autoJoinOf(db, teamId)).toEqual({ domain, role: "viewer" });

    const ada = await makeUser(db, `ada@${domain}`);
    const joinedAs = async (userId: string) =>
      (await membersOf(db, teamId)).find((m) => m.userId === userId)?.role ?? null;

    expect(await joinTeamsByDomain(db, ada, { provider: "github", emailVerified: true })).toEqual([]);
    expect(await joinTeamsByDomain(db, ada, { provider: "oidc", emailVerified: false })).toEqual([]);
    expect(await joinedAs(ada.id)).toBeNull();
    expect(await joinTeamsByDomain(db, ada, { provider: "oidc", emailVerified: true })).toEqual([
      { teamId, name: "Lab", role: "viewer" },
    ]);
    expect(await joinedAs(ada.id)).toBe("viewer");
    // Signing in again changes nothing; the other team, open to no domain, is not joined.
    expect(await joinTeamsByDomain(db, ada, { provider: "oidc", emailVerified: true })).toEqual([]);
    expect((await membersOf(db, closed)).map((m) => m.userId)).toEqual([owner.id]);

    const outsider = await makeUser(db, `bo@sub.${domain}`);
    expect(await joinTeamsByDomain(db, outsider, { provider: "oidc", emailVerified: true })).toEqual([]);

    // Turned off: nobody more joins.
    await setAutoJoin(db, teamId, null);
    const cy = await makeUser(db, `cy@${domain}`);
    expect(await joinTeamsByDomain(db, cy, { provider: "oidc", emailVerified: true })).toEqual([]);
    // A personal team never opens to a domain.
    const own = await personalTeam(db, owner.id);
    await setAutoJoin(db, own.teamId, { domain, role: "member" });
    expect(await autoJoinOf(db, own.teamId)).toBeNull();
  });

  it("an address the provider verified counts as verified here, while it is the account's", async () => {
    const { db } = database;
    const user = await makeUser(db);
    expect(await markEmailVerified(db, user.id, `other-${user.email}`)).toBe(false);
    expect((await emailStatus(db, user.id))?.verifiedAt).toBeNull();
    expect(await markEmailVerified(db, user.id, user.email)).toBe(true);
    expect((await emailStatus(db, user.id))?.verifiedAt).toBeInstanceOf(Date);
    expect(await markEmailVerified(db, user.id, user.email)).toBe(false);
  });
});
