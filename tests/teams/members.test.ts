import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/accounts/server/session";
import { decideMemberChange, type MemberChangeRequest } from "@/lib/teams/permissions";
import { TEAM_ROLES, type TeamRole } from "@/lib/teams/roles";
import { seedDataDir } from "../support/pglite-template";

/**
 * A team's members: who may give whom another role or remove them (the rule, written out here apart from
 * lib/teams/permissions.ts), and the actions that do it — refusals change nothing, a team always keeps an owner,
 * and every change is in the audit log.
 */

const env = vi.hoisted(() => {
  process.env.CLUSTERDECK_ENCRYPTION_KEY = Buffer.alloc(32, 3).toString("base64");
  return { session: null as SessionUser | null };
});
vi.mock("@/lib/accounts/server/session", () => ({
  getSessionUser: async () => env.session,
  requireUser: async () => {
    if (!env.session) throw new Error("redirect /sign-in");
    return env.session;
  },
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

describe("who may change a membership", () => {
  const role = (to: TeamRole): MemberChangeRequest => ({ kind: "role", to });
  const remove: MemberChangeRequest = { kind: "remove" };
  const may = (actor: TeamRole, target: TeamRole, change: MemberChangeRequest, self = false) =>
    decideMemberChange(actor, target, self, change).allowed;

  it("owners change anyone's role, owners' included, and remove anyone", () => {
    for (const target of TEAM_ROLES) {
      for (const to of TEAM_ROLES) expect(may("owner", target, role(to)), `${target} → ${to}`).toBe(true);
      expect(may("owner", target, remove), target).toBe(true);
    }
  });

  it("admins manage admins, members and viewers, but neither name nor touch an owner", () => {
    for (const target of ["admin", "member", "viewer"] as const) {
      for (const to of ["admin", "member", "viewer"] as const)
        expect(may("admin", target, role(to)), `${target} → ${to}`).toBe(true);
      expect(may("admin", target, remove), target).toBe(true);
      expect(decideMemberChange("admin", target, false, role("owner"))).toEqual({
        allowed: false,
        message: "Only an owner can name owners.",
      });
    }
    expect(may("admin", "owner", role("admin"))).toBe(false);
    expect(may("admin", "owner", remove)).toBe(false);
  });

  it("members and viewers change no one, and anyone may leave", () => {
    for (const actor of ["member", "viewer"] as const) {
      for (const target of TEAM_ROLES) {
        expect(may(actor, target, role("viewer")), `${actor} on ${target}`).toBe(false);
        expect(may(actor, target, remove), `${actor} removes ${target}`).toBe(false);
      }
      expect(may(actor, actor, remove, true)).toBe(true);
      expect(may(actor, actor, role("admin"), true)).toBe(false);
    }
    expect(decideMemberChange("member", "viewer", false, remove)).toEqual({
      allowed: false,
      message: "Only an admin can manage the team's members.",
    });
  });
});

describe("changing roles and removing members", () => {
  let dataDir: string;
  let actions: typeof import("@/lib/teams/actions");
  let db: import("@/lib/server/db/client").Db;
  let store: typeof import("@/lib/teams/server/teams-store");
  let listAudit: typeof import("@/lib/audit/server/audit-log").listAudit;
  const people = {} as Record<"owner" | "admin" | "member" | "viewer" | "outsider", SessionUser>;
  let teamId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "clusterdeck-members-"));
    seedDataDir(dataDir);
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    actions = await import("@/lib/teams/actions");
    store = await import("@/lib/teams/server/teams-store");
    ({ listAudit } = await import("@/lib/audit/server/audit-log"));
    const { getDb } = await import("@/lib/server/db/client");
    const { createUser } = await import("@/lib/accounts/server/users");
    const { teamMembers } = await import("@/lib/server/db/schema");
    db = await getDb();
    for (const who of ["owner", "admin", "member", "viewer", "outsider"] as const) {
      const made = await createUser(db, { email: `${who}@members.example`, name: null, passwordHash: null });
      if (!made.ok) throw new Error("fixture");
      people[who] = { id: made.user.id, email: made.user.email, name: null };
    }
    teamId = (await store.createTeam(db, people.owner.id, "Vision")).teamId;
    for (const who of ["admin", "member", "viewer"] as const)
      await db.insert(teamMembers).values({ teamId, userId: people[who].id, role: who });
  });

  afterAll(async () => {
    const { getDatabase } = await import("@/lib/server/db/client");
    await (await getDatabase()).close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    env.session = null;
  });

  const roles = async (): Promise<Record<string, TeamRole>> =>
    Object.fromEntries((await store.membersOf(db, teamId)).map((m) => [m.email.split("@")[0]!, m.role]));
  const audit = async (who: SessionUser) =>
    (await listAudit(db, who.id)).map((e) => [e.action, e.detail]).reverse();

  it("refusals say why and change nothing: a member, an admin on an owner, an outsider, a bad id", async () => {
    const before = await roles();
    env.session = people.member;
    expect(
      await actions.changeMemberRoleAction({ teamId, userId: people.viewer.id, role: "member" }),
    ).toEqual({ ok: false, kind: "forbidden", error: "Only an admin can manage the team's members." });
    env.session = people.admin;
    expect(await actions.removeMemberAction({ teamId, userId: people.owner.id })).toEqual({
      ok: false,
      kind: "forbidden",
      error: "Only an owner can name owners.",
    });
    expect(
      await actions.changeMemberRoleAction({ teamId, userId: people.member.id, role: "owner" }),
    ).toMatchObject({ ok: false, kind: "forbidden" });
    expect(await actions.removeMemberAction({ teamId, userId: people.outsider.id })).toMatchObject({
      ok: false,
      kind: "not_found",
    });
    env.session = people.outsider;
    expect(await actions.removeMemberAction({ teamId, userId: people.viewer.id })).toMatchObject({
      ok: false,
      kind: "not_found",
    });
    expect(
      await actions.changeMemberRoleAction({ teamId, userId: "not-a-uuid", role: "viewer" }),
    ).toMatchObject({ ok: false, kind: "invalid-input" });
    expect(await roles()).toEqual(before);
    for (const who of Object.values(people)) expect(await audit(who)).toEqual([]);
  });

  it("an admin gives a member another role and removes a viewer; both are audited", async () => {
    env.session = people.admin;
    expect(
      await actions.changeMemberRoleAction({ teamId, userId: people.member.id, role: "viewer" }),
    ).toEqual({ ok: true, data: null });
    expect(await actions.removeMemberAction({ teamId, userId: people.viewer.id })).toEqual({
      ok: true,
      data: { handed: 0 },
    });
    expect(await roles()).toEqual({ owner: "owner", admin: "admin", member: "viewer" });
    expect(await audit(people.admin)).toEqual([
      ["member-role-changed", "team Vision · member@members.example: member → viewer"],
      ["member-removed", "team Vision · viewer@members.example"],
    ]);
    // In the team's own log, with the rest of what its members did there.
    const { listTeamAudit } = await import("@/lib/audit/server/audit-log");
    expect((await listTeamAudit(db, teamId)).map((e) => [e.action, e.actorEmail])).toEqual([
      ["member-removed", people.admin.email],
      ["member-role-changed", people.admin.email],
    ]);
    // The same log as a download, for a member working in the team: CSV, narrowed like the page; 401 to nobody.
    await store.chooseTeam(db, people.admin.id, teamId);
    const { GET } = await import("@/app/api/audit/route");
    const csv = await GET(new Request("http://console.test/api/audit?action=member-removed"));
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="clusterdeck-audit-vision-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect((await csv.text()).trim().split("\n")).toEqual([
      "at,action,person,cluster_id,cluster_name,key,address,detail",
      expect.stringMatching(
        /^[^,]+,member-removed,admin@members\.example,,,,,team Vision · viewer@members\.example$/,
      ),
    ]);
    env.session = null;
    expect((await GET(new Request("http://console.test/api/audit"))).status).toBe(401);
    env.session = people.admin;
    // The removed person works in their own team from their next request.
    expect((await store.activeTeam(db, people.viewer.id)).personal).toBe(true);
  });

  it("the last owner can neither step down nor leave; once there is another owner, they can", async () => {
    env.session = people.owner;
    const lastOwner = {
      ok: false,
      kind: "conflict",
      error: "A team always has an owner: make someone else an owner first.",
    };
    expect(await actions.changeMemberRoleAction({ teamId, userId: people.owner.id, role: "admin" })).toEqual(
      lastOwner,
    );
    expect(await actions.removeMemberAction({ teamId, userId: people.owner.id })).toEqual(lastOwner);
    expect((await roles()).owner).toBe("owner");

    expect(
      await actions.changeMemberRoleAction({ teamId, userId: people.admin.id, role: "owner" }),
    ).toMatchObject({ ok: true });
    expect(await actions.removeMemberAction({ teamId, userId: people.owner.id })).toMatchObject({ ok: true });
    expect(await roles()).toEqual({ admin: "owner", member: "viewer" });
    expect((await audit(people.owner)).slice(-2)).toEqual([
      ["member-role-changed", "team Vision · admin@members.example: admin → owner"],
      ["member-left", "team Vision · owner@members.example"],
    ]);
  });

  it("a removal hands the person's clusters to the member the admin chose, who owns them from then on", async () => {
    const { createUser } = await import("@/lib/accounts/server/users");
    const { saveLaunchRecord } = await import("@/lib/launch/server/launch-records");
    const { launcherOf } = await import("@/lib/teams/server/authorize");
    const { teamMembers } = await import("@/lib/server/db/schema");
    const person = async (email: string): Promise<SessionUser> => {
      const made = await createUser(db, { email, name: null, passwordHash: null });
      if (!made.ok) throw new Error("fixture");
      return { id: made.user.id, email, name: null };
    };
    const [lead, leaver, heir, watcher] = [
      await person("lead@handover.example"),
      await person("leaver@handover.example"),
      await person("heir@handover.example"),
      await person("watcher@handover.example"),
    ];
    const { teamId: crew } = await store.createTeam(db, lead.id, "Crew");
    for (const [who, role] of [
      [leaver, "member"],
      [heir, "member"],
      [watcher, "viewer"],
    ] as const)
      await db.insert(teamMembers).values({ teamId: crew, userId: who.id, role });
    for (const id of ["c-1", "c-2"])
      await saveLaunchRecord(db, {
        userId: leaver.id,
        teamId: crew,
        clusterId: id,
        clusterName: `run-${id}`,
        offerId: "o",
        values: {},
      });
    const { launchesByMember } = await import("@/lib/teams/server/team-clusters");
    expect((await launchesByMember(db, crew)).get(leaver.id)).toEqual({
      count: 2,
      names: ["run-c-2", "run-c-1"],
    });

    // Not to a viewer, and not by someone who may not transfer clusters; nothing changes.
    env.session = lead;
    expect(
      await actions.removeMemberAction({ teamId: crew, userId: leaver.id, handTo: watcher.id }),
    ).toMatchObject({
      ok: false,
      kind: "invalid-input",
      fieldErrors: { handTo: expect.stringMatching(/not a viewer/) },
    });
    env.session = leaver;
    expect(
      await actions.removeMemberAction({ teamId: crew, userId: leaver.id, handTo: heir.id }),
    ).toMatchObject({
      ok: false,
      kind: "forbidden",
    });
    expect((await launcherOf(db, crew, "c-1"))?.userId).toBe(leaver.id);
    expect((await store.membersOf(db, crew)).map((m) => m.email)).toContain(leaver.email);

    env.session = lead;
    expect(await actions.removeMemberAction({ teamId: crew, userId: leaver.id, handTo: heir.id })).toEqual({
      ok: true,
      data: { handed: 2 },
    });
    for (const id of ["c-1", "c-2"]) expect((await launcherOf(db, crew, id))?.email).toBe(heir.email);
    expect(await audit(lead)).toEqual([
      ["member-removed", "team Crew · leaver@handover.example · 2 clusters to heir@handover.example"],
    ]);
  });

  it("two owners stepping down at the same moment leave one owner", async () => {
    const { teamId: pair } = await store.createTeam(db, people.outsider.id, "Pair");
    await store.changeMember(db, pair, people.outsider.id, "owner");
    const { teamMembers } = await import("@/lib/server/db/schema");
    await db.insert(teamMembers).values({ teamId: pair, userId: people.member.id, role: "owner" });
    const results = await Promise.all([
      store.changeMember(db, pair, people.outsider.id, "member"),
      store.changeMember(db, pair, people.member.id, null),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "last_owner" }]);
    expect((await store.membersOf(db, pair)).filter((m) => m.role === "owner")).toHaveLength(1);
    // Who may change a member is asked of the role the store reads under its lock, not one read before: an admin's
    // removal of someone who has just become an owner is refused, and nothing changes.
    const before = await store.membersOf(db, pair);
    const owner = before.find((m) => m.role === "owner")!;
    expect(
      await store.changeMember(db, pair, owner.userId, null, {
        allow: (role) => decideMemberChange("admin", role, false, { kind: "remove" }),
      }),
    ).toEqual({ ok: false, reason: "refused", message: "Only an owner can name owners." });
    expect(await store.membersOf(db, pair)).toEqual(before);
  });

  it("an owner deletes a team once nothing runs on its key; members keep their own entries and go back to their own keys", async () => {
    const { createUser } = await import("@/lib/accounts/server/users");
    const { addTeamKey } = await import("@/lib/keys/server/runcrate-keys");
    const { keyRing } = await import("@/lib/server/crypto/key-ring");
    const { trackCluster } = await import("@/lib/spend/server/tracked-clusters");
    const { teamMembers, teams, trackedClusters, auditLog } = await import("@/lib/server/db/schema");
    const { eq } = await import("drizzle-orm");
    const person = async (email: string): Promise<SessionUser> => {
      const made = await createUser(db, { email, name: null, passwordHash: null });
      if (!made.ok) throw new Error("fixture");
      return { id: made.user.id, email, name: null };
    };
    const [boss, deputy, hand] = [
      await person("boss@gone.example"),
      await person("deputy@gone.example"),
      await person("hand@gone.example"),
    ];
    const { teamId: lab } = await store.createTeam(db, boss.id, "Old lab");
    await db.insert(teamMembers).values([
      { teamId: lab, userId: deputy.id, role: "admin" },
      { teamId: lab, userId: hand.id, role: "member", active: true },
    ]);
    const key = await addTeamKey(
      db,
      { teamId: lab, userId: boss.id },
      { label: "Lab", environment: null, apiKey: "rc_live_lab_key_0123456789" },
      keyRing(),
    );
    if (!key.ok) throw new Error("key");
    await trackCluster(db, {
      clusterId: "lab-1",
      userId: hand.id,
      keyId: key.key.id,
      name: "still-training",
      environment: null,
      status: "ready",
    });
    await db.insert(auditLog).values({ userId: hand.id, teamId: lab, action: "launch", keyLabel: "Lab" });

    // Only an owner; the name typed; and not while a cluster on the team's key runs. Nothing changes.
    env.session = deputy;
    expect(await actions.deleteTeamAction({ teamId: lab, confirmName: "Old lab" })).toEqual({
      ok: false,
      kind: "forbidden",
      error: "Only an owner can delete the team.",
    });
    env.session = boss;
    expect(await actions.deleteTeamAction({ teamId: lab, confirmName: "old lab" })).toMatchObject({
      ok: false,
      kind: "invalid-input",
      fieldErrors: { confirmName: "That is not the team's name." },
    });
    expect(await actions.deleteTeamAction({ teamId: lab, confirmName: "Old lab" })).toEqual({
      ok: false,
      kind: "conflict",
      error:
        "A cluster on the team's key is still running (still-training). Terminate it first: once the team is gone, nobody here could see it or stop it.",
    });
    const personal = (await store.personalTeam(db, boss.id)).teamId;
    expect(await actions.deleteTeamAction({ teamId: personal, confirmName: "Personal" })).toMatchObject({
      ok: false,
      kind: "not_found",
    });
    expect(await db.select({ id: teams.id }).from(teams).where(eq(teams.id, lab))).toHaveLength(1);
    expect(await audit(boss)).toEqual([]);

    await db
      .update(trackedClusters)
      .set({ status: "terminated", endedAt: new Date() })
      .where(eq(trackedClusters.clusterId, "lab-1"));
    expect(await actions.deleteTeamAction({ teamId: lab, confirmName: " Old lab " })).toEqual({
      ok: true,
      data: { name: "Old lab" },
    });
    expect(await db.select({ id: teams.id }).from(teams).where(eq(teams.id, lab))).toEqual([]);
    expect((await store.activeTeam(db, hand.id)).personal).toBe(true);
    expect(await audit(hand)).toEqual([["launch", null]]);
    expect(await audit(boss)).toEqual([["team-deleted", "team Old lab · 3 members"]]);
    // The spend record keeps the cluster; the key it was read with is gone.
    const [kept] = await db.select().from(trackedClusters).where(eq(trackedClusters.clusterId, "lab-1"));
    expect(kept).toMatchObject({ name: "still-training", keyId: null });
  });

  it("an admin opens the team to an email domain (a member may not); a bad domain changes nothing; audited", async () => {
    const { autoJoinOf } = await import("@/lib/teams/server/auto-join");
    env.session = people.member;
    // (An earlier test made them a viewer: refused either way, by the role table.)
    expect(
      await actions.setAutoJoinAction({ teamId, domain: "vision.example", role: "member" }),
    ).toMatchObject({
      ok: false,
      kind: "forbidden",
    });
    env.session = people.admin;
    expect(await actions.setAutoJoinAction({ teamId, domain: "not a domain", role: "member" })).toMatchObject(
      {
        ok: false,
        kind: "invalid-input",
        fieldErrors: { domain: "Enter a domain such as example.com, or leave it empty." },
      },
    );
    expect(
      await actions.setAutoJoinAction({ teamId, domain: "vision.example", role: "admin" as never }),
    ).toMatchObject({
      ok: false,
      kind: "invalid-input",
    });
    expect(await autoJoinOf(db, teamId)).toBeNull();
    expect(await actions.setAutoJoinAction({ teamId, domain: " @Vision.Example ", role: "viewer" })).toEqual({
      ok: true,
      data: { domain: "vision.example", role: "viewer" },
    });
    expect(await actions.setAutoJoinAction({ teamId, domain: "", role: "viewer" })).toEqual({
      ok: true,
      data: null,
    });
    expect(await autoJoinOf(db, teamId)).toBeNull();
    expect((await audit(people.admin)).filter(([a]) => a === "auto-join-changed")).toEqual([
      ["auto-join-changed", "team Vision · off → @vision.example as viewer"],
      ["auto-join-changed", "team Vision · @vision.example as viewer → off"],
    ]);
  });
});
