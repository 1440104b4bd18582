import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/server/db/client";
import { teamMembers } from "@/lib/server/db/schema";
import {
  activateTeamKey,
  addKey,
  addTeamKey,
  deleteTeamKey,
  getActiveKeySecret,
  listKeys,
  listTeamKeys,
  replaceTeamKey,
  teamKeySecret,
} from "@/lib/keys/server/runcrate-keys";
import { activeTeam, chooseTeam, createTeam, personalTeam } from "@/lib/teams/server/teams-store";
import { BACKENDS } from "./support/backends";
import { freshKey, makeUser, SECRET } from "./support/fixtures";

describe.each(BACKENDS)("team keys and the active team on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  it("a person works in their personal team until they choose another, and only one of their own", async () => {
    const { db } = database;
    const [ada, bo] = [await makeUser(db), await makeUser(db)];
    const own = await personalTeam(db, ada.id);
    expect(await activeTeam(db, ada.id)).toEqual(own);

    const research = await createTeam(db, ada.id, "Research");
    expect(research).toMatchObject({ name: "Research", personal: false, role: "owner" });
    expect(await chooseTeam(db, ada.id, research.teamId)).toEqual(research);
    expect(await activeTeam(db, ada.id)).toEqual(research);

    // Someone else's team, or no team at all: refused, and Ada's choice stays.
    const bos = await createTeam(db, bo.id, "Bo's");
    expect(await chooseTeam(db, ada.id, bos.teamId)).toBeNull();
    expect(await chooseTeam(db, ada.id, "not-a-uuid")).toBeNull();
    expect(await activeTeam(db, ada.id)).toEqual(research);

    // Switching back and forth at once leaves exactly one chosen.
    await Promise.all([chooseTeam(db, ada.id, own.teamId), chooseTeam(db, ada.id, research.teamId)]);
    expect([own.teamId, research.teamId]).toContain((await activeTeam(db, ada.id)).teamId);
  });

  it("falls back to the personal team when the person leaves the team they chose", async () => {
    const { db } = database;
    const [owner, ada] = [await makeUser(db), await makeUser(db)];
    const team = await createTeam(db, owner.id, "Infra");
    await db.insert(teamMembers).values({ teamId: team.teamId, userId: ada.id, role: "member" });
    expect((await chooseTeam(db, ada.id, team.teamId))?.role).toBe("member");
    await db.delete(teamMembers).where(eqMember(team.teamId, ada.id));
    expect(await activeTeam(db, ada.id)).toEqual(await personalTeam(db, ada.id));
  });

  it("a team's key sits beside its admin's own keys: labels per team, one active per team", async () => {
    const { db } = database;
    const admin = await makeUser(db);
    const mine = await addKey(db, admin.id, { label: "Main", environment: null, apiKey: freshKey() }, SECRET);
    const team = await createTeam(db, admin.id, "Training");
    const teamKey = freshKey();
    const shared = await addTeamKey(
      db,
      { teamId: team.teamId, userId: admin.id, onePerEnvironment: true },
      { label: "Main", environment: null, apiKey: teamKey },
      SECRET,
    );
    expect(shared).toMatchObject({ ok: true, key: { label: "Main", isActive: true } });

    // The admin's own keys are as they were; the team's key is the team's alone.
    expect((await listKeys(db, admin.id)).map((k) => [k.label, k.isActive])).toEqual([["Main", true]]);
    expect((await getActiveKeySecret(db, admin.id, SECRET))?.key.id).toBe(mine.ok && mine.key.id);
    expect((await listTeamKeys(db, team.teamId)).map((k) => k.label)).toEqual(["Main"]);
    expect((await teamKeySecret(db, team.teamId, SECRET))?.apiKey).toBe(teamKey);
  });

  it("a shared team holds one key per environment; a person's own team may hold several", async () => {
    const { db } = database;
    const admin = await makeUser(db);
    const team = await createTeam(db, admin.id, "Per environment");
    const at = { teamId: team.teamId, userId: admin.id, onePerEnvironment: true };
    const add = (label: string, environment: string | null) =>
      addTeamKey(db, at, { label, environment, apiKey: freshKey() }, SECRET);
    expect((await add("Production", null)).ok).toBe(true);
    expect(await add("Another", null)).toEqual({ ok: false, reason: "environment_taken" });
    const staging = await add("Staging", "staging");
    expect(staging.ok).toBe(true);
    expect(await add("Staging 2", "staging")).toEqual({ ok: false, reason: "environment_taken" });
    expect(await add("Staging", "eu")).toEqual({ ok: false, reason: "label_taken" });

    // Two admins saving a key for one new environment at once: one is kept.
    const both = await Promise.all([add("EU one", "eu"), add("EU two", "eu")]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);

    const own = await personalTeam(db, admin.id);
    const ownAt = { teamId: own.teamId, userId: admin.id };
    for (const label of ["A", "B"])
      expect((await addTeamKey(db, ownAt, { label, environment: null, apiKey: freshKey() }, SECRET)).ok).toBe(
        true,
      );
  });

  it("rotating, switching and removing a team's key touch that team only", async () => {
    const { db } = database;
    const [admin, other] = [await makeUser(db), await makeUser(db)];
    const team = await createTeam(db, admin.id, "Rotations");
    const elsewhere = await createTeam(db, other.id, "Elsewhere");
    const a = await addTeamKey(
      db,
      { teamId: team.teamId, userId: admin.id },
      { label: "A", environment: null, apiKey: freshKey() },
      SECRET,
    );
    const b = await addTeamKey(
      db,
      { teamId: team.teamId, userId: admin.id },
      { label: "B", environment: "staging", apiKey: freshKey() },
      SECRET,
    );
    if (!a.ok || !b.ok) throw new Error("keys not saved");

    // Another team's admin reaches none of them.
    expect(await activateTeamKey(db, elsewhere.teamId, b.key.id)).toEqual({ ok: false, reason: "not_found" });
    expect(
      await replaceTeamKey(
        db,
        { teamId: elsewhere.teamId, userId: other.id },
        a.key.id,
        { apiKey: freshKey(), environment: null },
        SECRET,
      ),
    ).toEqual({ ok: false, reason: "not_found" });
    expect(await deleteTeamKey(db, elsewhere.teamId, a.key.id)).toEqual({ ok: false });

    // Another admin of the team rotates it: sealed by them, and it opens.
    const rotated = freshKey();
    await db.insert(teamMembers).values({ teamId: team.teamId, userId: other.id, role: "admin" });
    expect(
      (
        await replaceTeamKey(
          db,
          { teamId: team.teamId, userId: other.id },
          a.key.id,
          { apiKey: rotated, environment: null },
          SECRET,
        )
      ).ok,
    ).toBe(true);
    expect((await teamKeySecret(db, team.teamId, SECRET))?.apiKey).toBe(rotated);

    expect((await activateTeamKey(db, team.teamId, b.key.id)).ok).toBe(true);
    expect((await teamKeySecret(db, team.teamId, SECRET))?.key.label).toBe("B");
    expect(await deleteTeamKey(db, team.teamId, b.key.id)).toEqual({ ok: true });
    expect((await teamKeySecret(db, team.teamId, SECRET))?.key.label).toBe("A");
  });
});

function eqMember(teamId: string, userId: string) {
  return and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId));
}
