import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/server/db/client";
import { launchRecords, runcrateKeys, teamMembers, teams } from "@/lib/server/db/schema";
import { addKey } from "@/lib/keys/server/runcrate-keys";
import { createTeam, membershipOf, personalTeam, teamsOf } from "@/lib/teams/server/teams-store";
import { launchesByMember } from "@/lib/teams/server/team-clusters";
import { saveLaunchRecord } from "@/lib/launch/server/launch-records";
import { launcherOf } from "@/lib/teams/server/authorize";
import { BACKENDS, createPostgresDatabase } from "./support/backends";
import { freshKey, makeUser, SECRET } from "./support/fixtures";

describe.each(BACKENDS)("teams on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  it("gives a person one personal team, with them as its owner, however many ask at once", async () => {
    const { db } = database;
    const user = await makeUser(db);
    const made = await Promise.all([1, 2, 3, 4].map(() => personalTeam(db, user.id)));
    expect(new Set(made.map((t) => t.teamId)).size).toBe(1);
    expect(made[0]).toMatchObject({ name: "Personal", personal: true, role: "owner" });
    expect(await teamsOf(db, user.id)).toEqual([made[0]]);
    expect((await membershipOf(db, made[0]!.teamId, user.id))?.role).toBe("owner");
  });

  it("lists a person's teams, the personal one first, each with their role; a stranger has none there", async () => {
    const { db } = database;
    const [ada, bo] = [await makeUser(db), await makeUser(db)];
    const own = await personalTeam(db, ada.id);
    const [shared] = await db.insert(teams).values({ name: "Research", createdBy: bo.id }).returning();
    await db.insert(teamMembers).values([
      { teamId: shared!.id, userId: bo.id, role: "owner" },
      { teamId: shared!.id, userId: ada.id, role: "viewer" },
    ]);
    expect(await teamsOf(db, ada.id)).toEqual([
      own,
      { teamId: shared!.id, name: "Research", personal: false, role: "viewer" },
    ]);
    expect(await membershipOf(db, own.teamId, bo.id)).toBeNull();
  });

  it("counts what each member launched with the team's key and names their newest few", async () => {
    const { db } = database;
    const [ada, bo, cy] = [await makeUser(db), await makeUser(db), await makeUser(db)];
    const { teamId } = await createTeam(db, ada.id, "Launchers");
    const launch = (userId: string, name: string) =>
      saveLaunchRecord(db, {
        userId,
        teamId,
        clusterId: `${name}-id`,
        clusterName: name,
        offerId: "o",
        values: {},
      });
    for (const name of ["a-1", "a-2", "a-3"]) await launch(ada.id, name);
    await launch(bo.id, "b-1");
    // One second apart, in the order made: the clock of the embedded database can give two quick inserts one time.
    for (const [i, name] of ["a-1", "a-2", "a-3", "b-1"].entries())
      await db
        .update(launchRecords)
        .set({ createdAt: new Date(Date.UTC(2026, 11, 6, 12, 0, i)) })
        .where(eq(launchRecords.clusterName, name));
    // Another team's launches are not this team's.
    const { teamId: other } = await createTeam(db, cy.id, "Elsewhere");
    await saveLaunchRecord(db, {
      userId: cy.id,
      teamId: other,
      clusterId: "c-id",
      clusterName: "c-1",
      offerId: "o",
      values: {},
    });

    const by = await launchesByMember(db, teamId, 2);
    expect(Object.fromEntries(by)).toEqual({
      [ada.id]: { count: 3, names: ["a-3", "a-2"] },
      [bo.id]: { count: 1, names: ["b-1"] },
    });
  });

  it("saves a person's keys in their personal team", async () => {
    const { db } = database;
    const user = await makeUser(db);
    await addKey(db, user.id, { label: "Personal", environment: null, apiKey: freshKey() }, SECRET);
    const [row] = await db.select().from(runcrateKeys).where(eq(runcrateKeys.userId, user.id));
    expect(row?.teamId).toBe((await personalTeam(db, user.id)).teamId);
  });

  it("stores only the four roles", async () => {
    const { db } = database;
    const user = await makeUser(db);
    const { teamId } = await personalTeam(db, user.id);
    const other = await makeUser(db);
    await expect(
      db.execute(
        sql`insert into team_members (team_id, user_id, role) values (${teamId}, ${other.id}, 'superuser')`,
      ),
    ).rejects.toThrow();
    expect(await membershipOf(db, teamId, other.id)).toBeNull();
  });
});

/**
 * A copy of drizzle/ holding the migrations up to and including `lastTag` only: the schema of an earlier version of
 * Clusterdeck, for upgrade tests.
 */
function migrationsUpTo(lastTag: string): { folder: string; dispose: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), "clusterdeck-migrations-"));
  const source = path.join(process.cwd(), "drizzle");
  const journal = JSON.parse(readFileSync(path.join(source, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const entries = journal.entries.slice(0, last + 1);
  mkdirSync(path.join(root, "meta"));
  writeFileSync(path.join(root, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const e of entries) cpSync(path.join(source, `${e.tag}.sql`), path.join(root, `${e.tag}.sql`));
  return { folder: root, dispose: () => rmSync(root, { recursive: true, force: true }) };
}

/** Two accounts and a key as the version before teams stored them. */
const BEFORE_TEAMS = `
  insert into users (id, email, name, password_hash, created_at) values
    ('00000000-0000-4000-8000-00000000000a', 'ada@example.com', 'Ada', 'h', '2026-01-02T03:04:05Z'),
    ('00000000-0000-4000-8000-00000000000b', 'bo@example.com', null, null, '2026-02-03T04:05:06Z');
  insert into runcrate_keys (user_id, label, ciphertext, iv, tag, last4, is_active) values
    ('00000000-0000-4000-8000-00000000000a', 'Personal', 'c', 'i', 't', 'abcd', true);
  insert into launch_records (user_id, cluster_id, cluster_name, offer_id, values) values
    ('00000000-0000-4000-8000-00000000000a', 'c-1', 'train', 'h100', '{}');`;

/** Opens the upgraded database (which migrates it to today's schema) and checks what the upgrade made. */
async function expectTeamsOfOne(open: () => Promise<Database>) {
  const database = await open();
  try {
    await checkTeamsOfOne(database);
  } finally {
    await database.close();
  }
}

async function checkTeamsOfOne(database: Database) {
  const { db } = database;
  for (const id of ["00000000-0000-4000-8000-00000000000a", "00000000-0000-4000-8000-00000000000b"]) {
    const mine = await teamsOf(db, id);
    expect(mine).toEqual([{ teamId: expect.any(String), name: "Personal", personal: true, role: "owner" }]);
    // The team the migration made is the one personalTeam() finds, not a second one.
    expect(await personalTeam(db, id)).toEqual(mine[0]);
  }
  const rows = await db.select().from(teams);
  expect(rows).toHaveLength(2);
  // The key saved before teams is its owner's personal team's.
  const [key] = await db.select().from(runcrateKeys);
  const adas = (await personalTeam(db, "00000000-0000-4000-8000-00000000000a")).teamId;
  expect(key?.teamId).toBe(adas);
  // So is the cluster launched before teams: she still owns it there.
  expect((await launcherOf(db, adas, "c-1"))?.userId).toBe("00000000-0000-4000-8000-00000000000a");
  // Made when the account was made, so the record reads in order.
  expect(rows.map((t) => t.createdAt.toISOString()).sort()).toEqual([
    "2026-01-02T03:04:05.000Z",
    "2026-02-03T04:05:06.000Z",
  ]);
}

describe("upgrading a database made before teams", () => {
  it("on PGlite: every account becomes the owner of its own team of one, with its keys", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "clusterdeck-upgrade-"));
    const before = migrationsUpTo("0008_share_opens_per_viewer");
    try {
      const old = new PGlite(dir);
      const oldDb = drizzlePglite(old);
      await migratePglite(oldDb, { migrationsFolder: before.folder });
      await old.exec(BEFORE_TEAMS);
      await old.close();
      await expectTeamsOfOne(() => openDatabase({ pgliteDir: dir }));
    } finally {
      before.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("on Postgres: every account becomes the owner of its own team of one, with its keys", async () => {
    const pg = await createPostgresDatabase();
    const before = migrationsUpTo("0008_share_opens_per_viewer");
    try {
      const conn = postgres(pg.url, { max: 1, onnotice: () => {} });
      await migratePostgres(drizzlePostgres(conn), { migrationsFolder: before.folder });
      await conn.unsafe(BEFORE_TEAMS);
      await conn.end();
      await expectTeamsOfOne(() => openDatabase({ url: pg.url }));
    } finally {
      before.dispose();
      await pg.drop();
    }
  }, 120_000);
});
