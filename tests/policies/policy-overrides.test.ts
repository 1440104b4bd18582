import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { acting } from "@/tests/support/action-mocks";
import type { SessionUser } from "@/lib/accounts/server/session";
import { actionTeam, type ActionTeam } from "@/tests/support/action-team";

/**
 * A team policy's overrides per role and per member, through the real actions against the simulator on Postgres:
 * a launch is judged by the team's rules with the launching person's role's override and then their own; only those
 * who set the policy set overrides, only for the team's members; each change is in the team's log; a member who
 * leaves takes their override with them.
 */

vi.mock(
  "@/lib/accounts/server/session",
  async () => (await import("@/tests/support/action-mocks")).sessionMock,
);
vi.mock("next/cache", async () => (await import("@/tests/support/action-mocks")).cacheMock);
vi.mock(
  "@/lib/server/jobs/process-engine",
  async () => (await import("@/tests/support/action-mocks")).noJobEngine,
);

const OFFER = "h100-sxm-8x-ib-dallas";
const TEAM_RULES = {
  maxHourlyRate: "",
  maxNodes: "",
  gpuTypes: "",
  deploymentTypes: "",
  allowCommunity: false,
  requireTimeLimit: false,
  maxTimeLimit: "",
  maxClustersPerMember: "",
  maxTeamHourlyRate: "",
};
const AS_TEAM = {
  maxHourlyRate: "",
  maxNodes: "",
  gpuTypes: "",
  deploymentTypes: "",
  maxTimeLimit: "",
  maxClustersPerMember: "",
  allowCommunity: "team" as const,
  requireTimeLimit: "team" as const,
};

let t: ActionTeam<"owner" | "admin" | "ada" | "bo"> & { outsiders: Record<string, SessionUser> };
let launch: typeof import("@/lib/launch/actions");
let policies: typeof import("@/lib/policies/actions");

beforeAll(async () => {
  t = await actionTeam(
    "overrides.example",
    { owner: "owner", admin: "admin", ada: "member", bo: "member" },
    { outsiders: ["stranger"] },
  );
  launch = await import("@/lib/launch/actions");
  policies = await import("@/lib/policies/actions");
}, 120_000);

afterAll(async () => t?.close());

async function teamRules(rules: Partial<typeof TEAM_RULES>) {
  acting.session = t.people.owner;
  expect(await policies.setTeamPolicyAction({ teamId: t.teamId, ...TEAM_RULES, ...rules })).toMatchObject({
    ok: true,
  });
}

function override(scope: string, rules: Partial<typeof AS_TEAM>, as: SessionUser = t.people.owner) {
  acting.session = as;
  return policies.setPolicyOverrideAction({ teamId: t.teamId, scope, ...AS_TEAM, ...rules });
}

function launchAs(who: SessionUser, name: string, nodes: number) {
  acting.session = who;
  return launch.launchCluster({
    offerId: OFFER,
    idempotencyKey: randomUUID(),
    limits: { timeLimit: "", budgetLimit: "" },
    values: {
      name,
      node_count: nodes,
      stack: "slurm",
      ssh_key_ids: [],
      storage_id: "",
      include_community: false,
    },
  });
}

describe("the rules that apply to a person", () => {
  it("are the team's, then their role's override, then their own", async () => {
    await teamRules({ maxNodes: "2" });
    expect(await override("role:admin", { maxNodes: "4" })).toMatchObject({ ok: true });
    expect(await override(`member:${t.people.ada.id}`, { maxNodes: "none" })).toMatchObject({ ok: true });

    // bo, a member: the team's 2 nodes.
    expect(await launchAs(t.people.bo, "bo-big", 4)).toMatchObject({
      ok: false,
      kind: "outside-policy",
      error: "The team's policy allows at most 2 nodes per cluster; this asks for 4.",
    });
    // The admins' override: 4 nodes. ada's own: no rule on nodes.
    expect(await launchAs(t.people.admin, "admin-big", 4)).toMatchObject({ ok: true });
    expect(await launchAs(t.people.ada, "ada-big", 4)).toMatchObject({ ok: true });
    expect(await launchAs(t.people.bo, "bo-small", 2)).toMatchObject({ ok: true });

    // A member's own value comes before their role's: members may not use H100s, ada may.
    expect(await override("role:member", { gpuTypes: "A100" })).toMatchObject({ ok: true });
    expect(await override(`member:${t.people.ada.id}`, { maxNodes: "none", gpuTypes: "any" })).toMatchObject({
      ok: true,
    });
    expect(await launchAs(t.people.bo, "bo-h100", 2)).toMatchObject({
      ok: false,
      kind: "outside-policy",
      error: expect.stringMatching(/^The team's policy allows A100; this offer is H100/),
    });
    expect(await launchAs(t.people.ada, "ada-h100", 2)).toMatchObject({ ok: true });

    const { getDb } = await import("@/lib/server/db/client");
    const { effectivePolicy, teamOverrides } = await import("@/lib/policies/server/policy-store");
    const db = await getDb();
    expect(await effectivePolicy(db, t.teamId, t.people.ada.id)).toMatchObject({
      maxNodes: null,
      gpuTypes: null,
    });
    expect(await effectivePolicy(db, t.teamId, t.people.bo.id)).toMatchObject({
      maxNodes: 2,
      gpuTypes: ["A100"],
    });
    expect(await effectivePolicy(db, t.teamId, t.people.owner.id)).toMatchObject({
      maxNodes: 2,
      gpuTypes: null,
    });
    expect((await teamOverrides(db, t.teamId)).map((o) => [o.label, o.rules])).toEqual([
      ["Admins", { maxNodes: 4 }],
      ["Members", { gpuTypes: ["A100"] }],
      ["ada@overrides.example", { maxNodes: null, gpuTypes: null }],
    ]);
  });
});

describe("setting overrides", () => {
  it("only those who set the policy, only for the team's members who launch, and each change is logged", async () => {
    expect(await override("role:member", { maxNodes: "8" }, t.people.bo)).toMatchObject({
      ok: false,
      kind: "forbidden",
    });
    expect(await override(`member:${t.outsiders.stranger!.id}`, { maxNodes: "8" })).toMatchObject({
      ok: false,
      kind: "invalid-input",
      fieldErrors: { scope: "Choose a member of the team." },
    });
    expect(await override("role:viewer", { maxNodes: "8" })).toMatchObject({
      ok: false,
      kind: "invalid-input",
      fieldErrors: { scope: "Choose a role or a member." },
    });
    expect(await override("role:member", { maxNodes: "-3" })).toMatchObject({
      ok: false,
      kind: "invalid-input",
      fieldErrors: { maxNodes: expect.stringMatching(/^Most nodes: a whole number above 0/) },
    });

    const { getDb } = await import("@/lib/server/db/client");
    const { auditLog } = await import("@/lib/server/db/schema");
    const { and, eq } = await import("drizzle-orm");
    const db = await getDb();
    const logged = await db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.teamId, t.teamId), eq(auditLog.action, "policy-changed")));
    expect(logged.map((l) => l.detail)).toEqual(
      expect.arrayContaining([
        "team overrides.example · for Admins: the team's rules → At most 4 nodes per cluster",
        "team overrides.example · for ada@overrides.example: the team's rules → Any number of nodes",
        "team overrides.example · for ada@overrides.example: Any number of nodes → Any number of nodes; Any GPU type",
      ]),
    );
    // Refused changes logged nothing.
    expect(logged.filter((l) => l.detail?.includes("8 nodes"))).toEqual([]);
  });

  it("removing one gives its role the team's rules again; a member who leaves takes theirs along", async () => {
    const { getDb } = await import("@/lib/server/db/client");
    const { teamOverrides, overrideFor } = await import("@/lib/policies/server/policy-store");
    const { changeMember } = await import("@/lib/teams/server/teams-store");
    const db = await getDb();
    const admins = (await teamOverrides(db, t.teamId)).find((o) => o.role === "admin")!;
    acting.session = t.people.owner;
    const left = await policies.removePolicyOverrideAction({ teamId: t.teamId, id: admins.id });
    expect(left.ok && left.data.map((o) => o.label)).toEqual(["Members", "ada@overrides.example"]);
    expect(await launchAs(t.people.admin, "admin-big-again", 4)).toMatchObject({
      ok: false,
      kind: "outside-policy",
    });
    // Removed already: says so, changes nothing.
    expect(await policies.removePolicyOverrideAction({ teamId: t.teamId, id: admins.id })).toMatchObject({
      ok: false,
      kind: "not_found",
    });

    expect(await changeMember(db, t.teamId, t.people.ada.id, null)).toMatchObject({ ok: true });
    expect(await overrideFor(db, t.teamId, { userId: t.people.ada.id })).toBeNull();
    expect((await teamOverrides(db, t.teamId)).map((o) => o.label)).toEqual(["Members"]);
  });
});

describe("deployment types", () => {
  it("a team that allows only containers refuses a VM offer, naming the rule; a role's override lets its people use VMs", async () => {
    await teamRules({ deploymentTypes: "container" });
    expect(await launchAs(t.people.owner, "owner-vm", 2)).toMatchObject({
      ok: false,
      kind: "outside-policy",
      error: "The team's policy allows container machines; this offer is vm.",
      fieldErrors: { offer_id: "The team's policy allows container machines; this offer is vm." },
    });
    expect(await override("role:admin", { maxNodes: "4", deploymentTypes: "vm, container" })).toMatchObject({
      ok: true,
    });
    expect(await launchAs(t.people.admin, "admin-vm", 2)).toMatchObject({ ok: true });
  });
});
