/**
 * A team for the tests that call the real server actions against the simulator on Postgres: a database of its own,
 * the people (the first is the team's owner, the rest join with the roles given), the team's key with a large
 * balance, and the team chosen as everyone's active one. Each test file keeps its own `vi.mock`s (the session, the
 * cache, the job engine) — vitest hoists them per file — and calls this from its `beforeAll`, after which the app's
 * modules read the database and simulator it set up.
 */
import type { SessionUser } from "@/lib/accounts/server/session";
import type { TeamRole } from "@/lib/teams/roles";
import { createPostgresDatabase } from "@/tests/db/support/backends";
import { startHarness, type Harness } from "@/tests/sim/support/sim-harness";

export type ActionTeam<P extends string> = {
  h: Harness;
  teamId: string;
  teamKey: string;
  /** The stored team key's id: the scope the guardian follows the team's clusters under. */
  teamKeyId: string;
  people: Record<P, SessionUser>;
  close: () => Promise<void>;
};

export async function actionTeam<P extends string>(
  domain: string,
  roles: Record<P, TeamRole>,
  opts: { outsiders?: string[]; name?: string } = {},
): Promise<ActionTeam<P> & { outsiders: Record<string, SessionUser> }> {
  const h = await startHarness();
  const pg = await createPostgresDatabase();
  process.env.DATABASE_URL = pg.url;
  process.env.RUNCRATE_API_URL = h.sim.apiUrl;
  const { getDb, getDatabase } = await import("@/lib/server/db/client");
  const { createUser } = await import("@/lib/accounts/server/users");
  const { addTeamKey } = await import("@/lib/keys/server/runcrate-keys");
  const { keyRing } = await import("@/lib/server/crypto/key-ring");
  const { chooseTeam, createTeam } = await import("@/lib/teams/server/teams-store");
  const { teamMembers } = await import("@/lib/server/db/schema");
  const db = await getDb();

  const person = async (who: string): Promise<SessionUser> => {
    const made = await createUser(db, { email: `${who}@${domain}`, name: null, passwordHash: null });
    if (!made.ok) throw new Error(`fixture user ${who}`);
    return { id: made.user.id, email: made.user.email, name: null };
  };
  const names = Object.keys(roles) as P[];
  const owner = names.find((n) => roles[n] === "owner");
  if (!owner) throw new Error("a team needs its owner");
  const people = {} as Record<P, SessionUser>;
  for (const who of names) people[who] = await person(who);
  const outsiders: Record<string, SessionUser> = {};
  for (const who of opts.outsiders ?? []) outsiders[who] = await person(who);

  const teamId = (await createTeam(db, people[owner].id, opts.name ?? domain)).teamId;
  const joined = names.filter((n) => n !== owner);
  if (joined.length > 0)
    await db
      .insert(teamMembers)
      .values(joined.map((who) => ({ teamId, userId: people[who].id, role: roles[who] })));
  const teamKey = h.newKey();
  const stored = await addTeamKey(
    db,
    { teamId, userId: people[owner].id },
    { label: "Team", environment: null, apiKey: teamKey },
    keyRing(),
  );
  if (!stored.ok) throw new Error("team key");
  for (const who of names) await chooseTeam(db, people[who].id, teamId);
  await h.control.setBalance(teamKey, 1_000_000);

  return {
    h,
    teamId,
    teamKey,
    teamKeyId: stored.key.id,
    people,
    outsiders,
    close: async () => {
      await (await getDatabase()).close();
      await h.close();
      await pg.drop();
    },
  };
}
