import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/accounts/server/session";
import type { TeamRole } from "@/lib/teams/roles";
import { createPostgresDatabase } from "@/tests/db/support/backends";
import { startHarness, type Harness } from "@/tests/sim/support/sim-harness";

/**
 * The role table, walked through the real server actions against the simulator: each role, each action on a
 * cluster, on the person's own cluster, a colleague's (launched by someone else in the team) and another team's.
 * Allowed means the action is done; refused means a clear answer and nothing changed (the cluster as it was, no audit
 * entry). The expectations are written out here, apart from lib/teams/permissions.ts, so a change to the table
 * shows up as a failing row.
 */

const env = vi.hoisted(() => {
  process.env.CLUSTERDECK_ENCRYPTION_KEY = Buffer.alloc(32, 5).toString("base64");
  return { session: null as SessionUser | null };
});

vi.mock("@/lib/accounts/server/session", () => ({
  getSessionUser: async () => env.session,
  requireUser: async () => {
    if (!env.session) throw new Error("redirect /sign-in");
    return env.session;
  },
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, refresh: () => {} }));

type Whose = "own" | "colleague";
type Reach = "team" | "own" | "none";

/** Who may do what: on every cluster of the team, on their own only, or not at all. */
const EXPECTED: Record<
  "terminate" | "resize" | "test" | "limits" | "share" | "transfer",
  Record<TeamRole, Reach>
> = {
  terminate: { owner: "team", admin: "team", member: "own", viewer: "none" },
  resize: { owner: "team", admin: "team", member: "own", viewer: "none" },
  test: { owner: "team", admin: "team", member: "own", viewer: "none" },
  limits: { owner: "team", admin: "team", member: "own", viewer: "none" },
  share: { owner: "team", admin: "team", member: "own", viewer: "none" },
  transfer: { owner: "team", admin: "team", member: "none", viewer: "none" },
};
const ROLES: TeamRole[] = ["owner", "admin", "member", "viewer"];
const OFFER = "h100-sxm-8x-ib-dallas";

let h: Harness;
let dropDatabase: () => Promise<void>;
let getDb: typeof import("@/lib/server/db/client").getDb;
let clusters: typeof import("@/lib/clusters/actions");
let limits: typeof import("@/lib/limits/actions");
let share: typeof import("@/lib/share/actions");
let launch: typeof import("@/lib/launch/actions");
let listAudit: typeof import("@/lib/audit/server/audit-log").listAudit;
let saveLaunchRecord: typeof import("@/lib/launch/server/launch-records").saveLaunchRecord;
const people = {} as Record<TeamRole | "colleague" | "outsider", SessionUser>;
let teamId: string;
let teamKey: string;
let teamKeyId: string;
let otherKey: string;

beforeAll(async () => {
  h = await startHarness();
  const pg = await createPostgresDatabase();
  dropDatabase = pg.drop;
  process.env.DATABASE_URL = pg.url;
  process.env.RUNCRATE_API_URL = h.sim.apiUrl;
  ({ getDb } = await import("@/lib/server/db/client"));
  clusters = await import("@/lib/clusters/actions");
  limits = await import("@/lib/limits/actions");
  share = await import("@/lib/share/actions");
  launch = await import("@/lib/launch/actions");
  ({ listAudit } = await import("@/lib/audit/server/audit-log"));
  ({ saveLaunchRecord } = await import("@/lib/launch/server/launch-records"));
  const { createUser } = await import("@/lib/accounts/server/users");
  const { addTeamKey } = await import("@/lib/keys/server/runcrate-keys");
  const { keyRing } = await import("@/lib/server/crypto/key-ring");
  const { chooseTeam, createTeam } = await import("@/lib/teams/server/teams-store");
  const { teamMembers } = await import("@/lib/server/db/schema");
  const db = await getDb();
  for (const who of [...ROLES, "colleague", "outsider"] as const) {
    const made = await createUser(db, { email: `${who}@authz.example`, name: null, passwordHash: null });
    if (!made.ok) throw new Error("fixture");
    people[who] = { id: made.user.id, email: made.user.email, name: null };
  }
  const team = await createTeam(db, people.owner.id, "Research");
  teamId = team.teamId;
  await db.insert(teamMembers).values([
    { teamId, userId: people.admin.id, role: "admin" },
    { teamId, userId: people.member.id, role: "member" },
    { teamId, userId: people.viewer.id, role: "viewer" },
    { teamId, userId: people.colleague.id, role: "member" },
  ]);
  teamKey = h.newKey();
  const at = { teamId, userId: people.owner.id, onePerEnvironment: true };
  const stored = await addTeamKey(db, at, { label: "Team", environment: null, apiKey: teamKey }, keyRing());
  if (!stored.ok) throw new Error("team key");
  teamKeyId = stored.key.id;
  for (const role of ROLES) await chooseTeam(db, people[role].id, teamId);
  // Another team, in another workspace: its clusters are out of this team's reach whatever the role.
  const other = await createTeam(db, people.outsider.id, "Elsewhere");
  otherKey = h.newKey();
  const otherAt = { teamId: other.teamId, userId: people.outsider.id };
  await addTeamKey(db, otherAt, { label: "Other", environment: null, apiKey: otherKey }, keyRing());
  await h.control.setBalance(teamKey, 1_000_000);
  await h.control.setBalance(otherKey, 1_000_000);
}, 120_000);

afterAll(async () => {
  const { getDatabase } = await import("@/lib/server/db/client");
  await (await getDatabase()).close();
  await h.close();
  await dropDatabase();
});

/**
 * A ready cluster in the team's workspace, launched from the console by `by`: its launch record, and the spend
 * record's row that a launch starts (followed through the team's key, as `by`'s).
 */
async function clusterOf(by: SessionUser) {
  const name = `c-${randomUUID().slice(0, 8)}`;
  const c = await h.createReady(teamKey, { name, offer_id: OFFER, node_count: 2 });
  const { trackCluster } = await import("@/lib/spend/server/tracked-clusters");
  await trackCluster(await getDb(), {
    clusterId: c.id,
    userId: by.id,
    keyId: teamKeyId,
    name,
    environment: null,
    status: c.status,
  });
  await saveLaunchRecord(await getDb(), {
    userId: by.id,
    teamId,
    clusterId: c.id,
    clusterName: name,
    offerId: OFFER,
    values: {},
  });
  return c;
}

/** Each action as the page sends it, with a reason (which an admin acting on a colleague's cluster must give). */
const act = {
  terminate: (id: string, name: string) =>
    clusters.terminateCluster({ id, confirmName: name, reason: "rota" }),
  resize: (id: string) => clusters.resizeCluster({ id, nodeCount: 4, reason: "rota" }),
  test: (id: string) => clusters.startClusterTest({ id }),
  limits: (id: string) => limits.setClusterLimits({ id, timeLimit: "4 h", budgetLimit: "" }),
  share: (id: string) => share.createShareLink({ clusterId: id, hours: 1 }),
  // To a member who launched neither the own nor the colleague's cluster of the walk (the role may be refused first).
  transfer: (id: string) => clusters.transferClusterAction({ id, to: people.member.id }),
};

const audited = async (user: SessionUser, clusterId: string) =>
  (await listAudit(await getDb(), user.id)).filter((e) => e.clusterId === clusterId);

describe.each(ROLES)("as %s", (role) => {
  for (const action of Object.keys(act) as (keyof typeof act)[]) {
    for (const whose of ["own", "colleague"] as Whose[]) {
      const reach = EXPECTED[action][role];
      const allowed = reach === "team" || (reach === "own" && whose === "own");
      it(`${action} on ${whose === "own" ? "their own" : "a colleague's"} cluster: ${allowed ? "done" : "refused"}`, async () => {
        const c = await clusterOf(whose === "own" ? people[role] : people.colleague);
        env.session = people[role];
        const r = await act[action](c.id, c.name);
        if (allowed) {
          expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
          return;
        }
        expect(r).toEqual({
          ok: false,
          kind: "forbidden",
          error:
            role === "viewer"
              ? "Viewers can see the team's clusters but take no action."
              : expect.stringMatching(/^Only an admin can .+ (a colleague's cluster|a cluster)\.$/),
        });
        const after = await h.getCluster(teamKey, c.id);
        expect([after.status, after.node_count]).toEqual(["ready", 2]);
        expect(await audited(people[role], c.id)).toEqual([]);
      });
    }
  }

  it("another team's cluster is not found, whatever the role", async () => {
    const c = await h.createReady(otherKey, { name: "elsewhere", offer_id: OFFER, node_count: 2 });
    env.session = people[role];
    for (const r of [
      await act.terminate(c.id, c.name),
      await act.resize(c.id),
      await act.test(c.id),
      await act.share(c.id),
      await act.transfer(c.id),
    ])
      expect(r).toMatchObject({ ok: false, kind: "not_found" });
    expect((await h.getCluster(otherKey, c.id)).status).toBe("ready");
  });

  it(`launching with the team's key: ${role === "viewer" ? "refused" : "done"}`, async () => {
    env.session = people[role];
    const name = `launch-${role}`;
    const r = await launch.launchCluster({
      offerId: OFFER,
      idempotencyKey: randomUUID(),
      values: {
        name,
        node_count: 2,
        stack: "slurm",
        ssh_key_ids: [],
        storage_id: "",
        include_community: false,
      },
    });
    const made = (await h.control.clustersOf(teamKey)).filter((c) => c.name === name);
    if (role === "viewer") {
      expect(r).toEqual({
        ok: false,
        kind: "forbidden",
        error: "Viewers can see the team's clusters but take no action.",
      });
      expect(made).toEqual([]);
    } else {
      expect(r, JSON.stringify(r)).toMatchObject({ ok: true, data: { name } });
      expect(made).toHaveLength(1);
    }
  });
});

describe("an admin acting on a colleague's cluster", () => {
  it("must say why; the reason is in the audit, and the colleague who launched it is told", async () => {
    const c = await clusterOf(people.colleague);
    env.session = people.admin;
    const bare = await clusters.terminateCluster({ id: c.id, confirmName: c.name });
    expect(bare).toMatchObject({
      ok: false,
      kind: "invalid-input",
      fieldErrors: { reason: "This is a colleague's cluster: say why, and its owner is told." },
    });
    expect((await h.getCluster(teamKey, c.id)).status).toBe("ready");
    const done = await clusters.terminateCluster({ id: c.id, confirmName: c.name, reason: "  over budget " });
    expect(done.ok).toBe(true);
    expect((await audited(people.admin, c.id)).map((e) => e.detail)).toEqual([
      "was ready · reason: over budget",
    ]);
  });

  it("a cluster launched outside Clusterdeck counts as a colleague's: a member may not end it", async () => {
    const c = await h.createReady(teamKey, { name: "from-the-cli", offer_id: OFFER, node_count: 2 });
    env.session = people.member;
    expect(await clusters.terminateCluster({ id: c.id, confirmName: c.name })).toMatchObject({
      ok: false,
      kind: "forbidden",
    });
  });
});

describe("handing a cluster on", () => {
  it("an admin hands a colleague's cluster to a member: theirs from then on, told, in the team's log", async () => {
    const { launcherOf } = await import("@/lib/teams/server/authorize");
    const { inboxView } = await import("@/lib/notifications/server/store");
    const c = await clusterOf(people.colleague);
    env.session = people.admin;
    const r = await clusters.transferClusterAction({ id: c.id, to: people.member.id, reason: "on leave" });
    expect(r).toEqual({ ok: true, data: { to: people.member.email } });
    expect(await launcherOf(await getDb(), teamId, c.id)).toEqual({
      userId: people.member.id,
      email: people.member.email,
    });
    expect((await audited(people.admin, c.id)).map((e) => [e.action, e.detail])).toEqual([
      ["cluster-transferred", `${people.colleague.email} → ${people.member.email} · reason: on leave`],
    ]);
    const told = (await inboxView(await getDb(), people.member.id, 100)).items.filter(
      (i) => i.clusterId === c.id,
    );
    expect(told.map((i) => i.message)).toEqual([
      `${people.admin.email} handed ${c.name} to you: it is yours from now on. Their reason: on leave`,
    ]);
    // The new owner acts on it as their own: a member may now end it, no reason asked.
    env.session = people.member;
    expect(await clusters.terminateCluster({ id: c.id, confirmName: c.name })).toMatchObject({ ok: true });
  });

  it("refuses a viewer, an outsider, the owner themselves and a cluster made outside Clusterdeck, changing nothing", async () => {
    const { launcherOf } = await import("@/lib/teams/server/authorize");
    const c = await clusterOf(people.colleague);
    env.session = people.owner;
    const to = (userId: string) => clusters.transferClusterAction({ id: c.id, to: userId });
    const heir = "Choose a member of the team who may act on clusters (not a viewer).";
    for (const r of [await to(people.viewer.id), await to(people.outsider.id), await to(randomUUID())])
      expect(r).toEqual({ ok: false, kind: "invalid-input", error: heir, fieldErrors: { to: heir } });
    expect(await to(people.colleague.id)).toMatchObject({ ok: false, error: "It is theirs already." });
    expect(await clusters.transferClusterAction({ id: c.id, to: "not-an-id" })).toMatchObject({
      ok: false,
      kind: "invalid-input",
      fieldErrors: { to: "Choose who gets it." },
    });
    expect((await launcherOf(await getDb(), teamId, c.id))?.userId).toBe(people.colleague.id);
    const outside = await h.createReady(teamKey, {
      name: "from-the-dashboard",
      offer_id: OFFER,
      node_count: 2,
    });
    expect(await clusters.transferClusterAction({ id: outside.id, to: people.member.id })).toMatchObject({
      ok: false,
      kind: "conflict",
      error: expect.stringContaining("made outside Clusterdeck"),
    });
    expect(await audited(people.owner, c.id)).toEqual([]);
  });
});

describe("the team's policy", () => {
  it("only an admin sets it; audited; a launch, a resize and a limit that break it are refused, naming the rule", async () => {
    const policies = await import("@/lib/policies/actions");
    const rules = {
      teamId,
      maxHourlyRate: "",
      maxNodes: "2",
      gpuTypes: "",
      deploymentTypes: "",
      allowCommunity: true,
      requireTimeLimit: false,
      maxTimeLimit: "4 h",
      maxClustersPerMember: "",
      maxTeamHourlyRate: "",
    };
    env.session = people.member;
    expect(await policies.setTeamPolicyAction(rules)).toEqual({
      ok: false,
      kind: "forbidden",
      error: "Only an admin can change the team's policies.",
    });
    env.session = people.admin;
    expect(await policies.setTeamPolicyAction(rules)).toMatchObject({
      ok: true,
      data: { maxNodes: 2, maxTimeLimitMinutes: 240 },
    });
    expect((await listAudit(await getDb(), people.admin.id)).map((e) => e.detail)).toContain(
      "team Research · no rules → At most 2 nodes per cluster; Time limits of at most 4 h",
    );
    try {
      const c = await clusterOf(people.member);
      env.session = people.member;
      expect(await clusters.resizeCluster({ id: c.id, nodeCount: 4 })).toEqual({
        ok: false,
        kind: "outside-policy",
        error: "The team's policy allows at most 2 nodes per cluster; this asks for 4.",
        fieldErrors: { node_count: "The team's policy allows at most 2 nodes per cluster; this asks for 4." },
      });
      expect((await h.getCluster(teamKey, c.id)).node_count).toBe(2);
      expect(await limits.setClusterLimits({ id: c.id, timeLimit: "8 h", budgetLimit: "" })).toMatchObject({
        ok: false,
        kind: "outside-policy",
        error: "The team's policy allows a time limit of at most 4 h; this asks for 8 h.",
      });
      expect(await limits.setClusterLimits({ id: c.id, timeLimit: "3 h", budgetLimit: "" })).toMatchObject({
        ok: true,
      });

      // A GPU type the policy does not list: refused before anything is created.
      env.session = people.admin;
      await policies.setTeamPolicyAction({ ...rules, maxNodes: "", maxTimeLimit: "", gpuTypes: "NoSuchGPU" });
      env.session = people.member;
      const name = "outside-policy";
      const r = await launch.launchCluster({
        offerId: OFFER,
        idempotencyKey: randomUUID(),
        values: {
          name,
          node_count: 2,
          stack: "slurm",
          ssh_key_ids: [],
          storage_id: "",
          include_community: false,
        },
      });
      expect(r).toMatchObject({
        ok: false,
        kind: "outside-policy",
        error: expect.stringMatching(/^The team's policy allows NoSuchGPU; this offer is .+\.$/),
      });
      expect((await h.control.clustersOf(teamKey)).filter((x) => x.name === name)).toEqual([]);

      // Community hosts, off in this policy: a community offer is refused, naming the rule.
      env.session = people.admin;
      await policies.setTeamPolicyAction({ ...rules, maxNodes: "", maxTimeLimit: "", allowCommunity: false });
      env.session = people.member;
      const onCommunity = await launch.launchCluster({
        offerId: "rtx4090-8x-eth-community-fremont",
        idempotencyKey: randomUUID(),
        values: {
          name: "on-community",
          node_count: 2,
          stack: "none",
          ssh_key_ids: [],
          storage_id: "",
          include_community: true,
        },
      });
      expect(onCommunity).toMatchObject({
        ok: false,
        kind: "outside-policy",
        error: "The team's policy does not allow community hosts; this offer is on them.",
      });
      expect((await h.control.clustersOf(teamKey)).filter((x) => x.name === "on-community")).toEqual([]);
    } finally {
      env.session = people.admin;
      await policies.setTeamPolicyAction({ ...rules, maxNodes: "", maxTimeLimit: "" });
    }
  });
});

describe("the team's cluster list", () => {
  it("says who launched each cluster: the person, a colleague, or nobody here", async () => {
    const { readClusterList } = await import("@/lib/clusters/server/cluster-list");
    const { contextForUser } = await import("@/lib/keys/server/runcrate-context");
    const own = await clusterOf(people.member);
    const colleagues = await clusterOf(people.colleague);
    const outside = await h.createReady(teamKey, { name: "from-the-api", offer_id: OFFER, node_count: 2 });
    const ctx = await contextForUser(people.member);
    if (ctx.state !== "ready") throw new Error("no key");
    const list = await readClusterList(ctx);
    expect(list.launchers?.[own.id]).toEqual({ you: true, email: people.member.email });
    expect(list.launchers?.[colleagues.id]).toEqual({ you: false, email: people.colleague.email });
    expect(list.items.map((c) => c.id)).toContain(outside.id);
    expect(list.launchers?.[outside.id]).toBeUndefined();
  });
});
