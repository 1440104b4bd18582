import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/server/db/client";
import { teamInvites, teamMembers } from "@/lib/server/db/schema";
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
import {
  activeTeam,
  chooseTeam,
  createTeam,
  membershipOf,
  personalTeam,
  teamsOf,
} from "@/lib/teams/server/teams-store";
import {
  acceptInvite,
  createInvite,
  findInvite,
  invitePage,
  pendingInvites,
  revokeInvite,
} from "@/lib/teams/server/invites-store";
import { BACKENDS } from "./support/backends";

const DAY = 86_400_000;
import { freshKey, makeUser, SECRET } from "./support/fixtures";

describe.each(BACKENDS)("team keys, the active team and invites on $name", (backend) => {
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

  it("a link joins the invited address once, with its role; only the token's hash is kept", async () => {
    const { db } = database;
    const [owner, ada] = [await makeUser(db), await makeUser(db)];
    const team = await createTeam(db, owner.id, "Research");
    const { token, invite } = await createInvite(db, {
      teamId: team.teamId,
      email: ` ${ada.email.toUpperCase()} `,
      role: "member",
      invitedBy: owner.id,
      days: 7,
    });
    expect(invite).toMatchObject({ email: ada.email, role: "member", invitedBy: owner.email });
    const [row] = await db.select().from(teamInvites).where(eq(teamInvites.id, invite.id));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await pendingInvites(db, team.teamId)).toEqual([invite]);
    expect(await invitePage(db, token, ada)).toMatchObject({
      state: "open",
      teamName: "Research",
      role: "member",
    });

    // Two accepts of one link at once: one joins.
    const both = await Promise.all([acceptInvite(db, token, ada), acceptInvite(db, token, ada)]);
    expect(both.filter((r) => r.ok)).toEqual([
      { ok: true, team: { teamId: team.teamId, name: "Research", personal: false, role: "member" } },
    ]);
    expect((await membershipOf(db, team.teamId, ada.id))?.role).toBe("member");
    expect(await acceptInvite(db, token, ada)).toEqual({ ok: false, reason: "accepted" });
    expect(await pendingInvites(db, team.teamId)).toEqual([]);
    expect(await invitePage(db, token, ada)).toEqual({ state: "member", teamName: "Research" });
    const outsider = await makeUser(db);
    expect(await invitePage(db, token, outsider)).toMatchObject({
      state: "gone",
      title: "This invite has already been used",
    });
  });

  it("refuses another address, a revoked, an expired and a malformed link, changing nothing", async () => {
    const { db } = database;
    const [owner, ada, bo] = [await makeUser(db), await makeUser(db), await makeUser(db)];
    const team = await createTeam(db, owner.id, "Infra");
    const at = { teamId: team.teamId, role: "viewer" as const, invitedBy: owner.id, days: 7 };
    const forAda = await createInvite(db, { ...at, email: ada.email });

    expect(await acceptInvite(db, forAda.token, bo)).toEqual({ ok: false, reason: "wrong_email" });
    expect(await invitePage(db, forAda.token, bo)).toEqual({ state: "wrong-email", email: ada.email });
    expect(await acceptInvite(db, "x".repeat(43), ada)).toEqual({ ok: false, reason: "unknown" });
    expect(await acceptInvite(db, "not a token", ada)).toEqual({ ok: false, reason: "unknown" });

    // Another team's admin cannot revoke it; its own can, once.
    const other = await createTeam(db, bo.id, "Other");
    expect(await revokeInvite(db, other.teamId, forAda.invite.id)).toBeNull();
    expect(await revokeInvite(db, team.teamId, forAda.invite.id)).toMatchObject({ email: ada.email });
    expect(await revokeInvite(db, team.teamId, forAda.invite.id)).toBeNull();
    expect(await acceptInvite(db, forAda.token, ada)).toEqual({ ok: false, reason: "revoked" });

    const now = new Date();
    const later = await createInvite(db, { ...at, email: ada.email }, now);
    expect((await findInvite(db, later.token, new Date(now.getTime() + 7 * DAY - 1))).state).toBe("pending");
    expect(await acceptInvite(db, later.token, ada, new Date(now.getTime() + 7 * DAY))).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await membershipOf(db, team.teamId, ada.id)).toBeNull();
    expect((await teamsOf(db, ada.id)).filter((t) => !t.personal)).toEqual([]);
  });

  it("inviting an address again replaces its earlier link; a member's invite leaves their role as it is", async () => {
    const { db } = database;
    const [owner, ada] = [await makeUser(db), await makeUser(db)];
    const team = await createTeam(db, owner.id, "Again");
    const at = { teamId: team.teamId, invitedBy: owner.id, days: 7, email: ada.email };
    const first = await createInvite(db, { ...at, role: "viewer" });
    const second = await createInvite(db, { ...at, role: "admin" });
    expect(await acceptInvite(db, first.token, ada)).toEqual({ ok: false, reason: "revoked" });
    expect((await pendingInvites(db, team.teamId)).map((i) => i.role)).toEqual(["admin"]);
    expect((await acceptInvite(db, second.token, ada)).ok).toBe(true);

    const third = await createInvite(db, { ...at, role: "viewer" });
    expect(await invitePage(db, third.token, ada)).toEqual({ state: "member", teamName: "Again" });
    expect(await acceptInvite(db, third.token, ada)).toEqual({ ok: false, reason: "already_member" });
    expect((await membershipOf(db, team.teamId, ada.id))?.role).toBe("admin");
  });
});

function eqMember(teamId: string, userId: string) {
  return and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId));
}
