import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { acting } from "@/tests/support/action-mocks";
import type { SessionUser } from "@/lib/accounts/server/session";
import type { Harness } from "@/tests/sim/support/sim-harness";
import { actionTeam, type ActionTeam } from "@/tests/support/action-team";

/**
 * The rules on a team's clusters together (most running clusters per member, the team's total hourly rate), through
 * the real launch and resize actions against the simulator, on Postgres: a refusal names the rule and creates
 * nothing; launches at the same moment pass only as far as the rule has room; a retry of a launch is not refused for
 * the cluster it made.
 */

vi.mock(
  "@/lib/accounts/server/session",
  async () => (await import("@/tests/support/action-mocks")).sessionMock,
);
vi.mock("next/cache", async () => (await import("@/tests/support/action-mocks")).cacheMock);
// The guardian's job queue is not what is tested here: the launch follows the cluster (the spend record) and skips
// scheduling its guard.
vi.mock(
  "@/lib/server/jobs/process-engine",
  async () => (await import("@/tests/support/action-mocks")).noJobEngine,
);

const OFFER = "h100-sxm-8x-ib-dallas";

let h: Harness;
let team: ActionTeam<"owner" | "ada" | "bo" | "cy" | "dee">;
let launch: typeof import("@/lib/launch/actions");
let clusters: typeof import("@/lib/clusters/actions");
let policies: typeof import("@/lib/policies/actions");
let budgets: typeof import("@/lib/budgets/actions");
let limits: typeof import("@/lib/limits/actions");
let people: ActionTeam<"owner" | "ada" | "bo" | "cy" | "dee">["people"];
let teamId: string;
let teamKey: string;
let teamKeyId: string;

const RULES = {
  maxHourlyRate: "",
  maxNodes: "",
  gpuTypes: "",
  deploymentTypes: "",
  allowCommunity: true,
  requireTimeLimit: false,
  maxTimeLimit: "",
  maxClustersPerMember: "",
  maxTeamHourlyRate: "",
};

beforeAll(async () => {
  team = await actionTeam("guardrails.example", {
    owner: "owner",
    ada: "member",
    bo: "member",
    cy: "member",
    dee: "member",
  });
  ({ h, teamId, teamKey, teamKeyId, people } = team);
  launch = await import("@/lib/launch/actions");
  clusters = await import("@/lib/clusters/actions");
  policies = await import("@/lib/policies/actions");
  budgets = await import("@/lib/budgets/actions");
  limits = await import("@/lib/limits/actions");
}, 120_000);

afterAll(async () => team?.close());

async function setPolicy(rules: Partial<typeof RULES>) {
  acting.session = people.owner;
  const r = await policies.setTeamPolicyAction({ teamId, ...RULES, ...rules });
  expect(r).toMatchObject({ ok: true });
}

function launchAs(who: SessionUser, name: string, idempotencyKey: string = randomUUID(), timeLimit = "") {
  acting.session = who;
  return launch.launchCluster({
    offerId: OFFER,
    idempotencyKey,
    limits: { timeLimit, budgetLimit: "" },
    values: {
      name,
      node_count: 2,
      stack: "slurm",
      ssh_key_ids: [],
      storage_id: "",
      include_community: false,
    },
  });
}

const named = async (prefix: string) =>
  (await h.control.clustersOf(teamKey)).filter((c) => c.name.startsWith(prefix));

describe("most running clusters per member", () => {
  it("refuses a member's launch past the rule, naming it; a retry of the launch made is not refused", async () => {
    await setPolicy({ maxClustersPerMember: "1" });
    const key = randomUUID();
    const first = await launchAs(people.ada, "ada-first", key);
    expect(first).toMatchObject({ ok: true, data: { name: "ada-first", replayed: false } });
    expect(await launchAs(people.ada, "ada-second")).toMatchObject({
      ok: false,
      kind: "outside-policy",
      error: "The team's policy allows each member 1 running cluster; you have 1.",
    });
    expect(await named("ada-second")).toEqual([]);
    // The same launch again (a retry after a lost answer): the cluster it made, not a refusal.
    const retry = await launchAs(people.ada, "ada-first", key);
    expect(retry).toMatchObject({ ok: true, data: { replayed: true } });
    if (!first.ok || !retry.ok) throw new Error("launch");
    expect(retry.data.id).toBe(first.data.id);
    // Per member: bo has room for his own.
    expect(await launchAs(people.bo, "bo-first")).toMatchObject({ ok: true });
  });

  it("of launches at the same moment by one member, one passes", async () => {
    await setPolicy({ maxClustersPerMember: "1" });
    const results = await Promise.all([1, 2, 3].map((i) => launchAs(people.cy, `cy-burst-${i}`)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok))
      expect(r).toMatchObject({
        kind: "outside-policy",
        error: expect.stringMatching(/^The team's policy allows each member 1/),
      });
    expect(await named("cy-burst-")).toHaveLength(1);
  });
});

describe("the team's total hourly rate", () => {
  it("refuses a launch or a resize that would take the team past it; a smaller cluster passes", async () => {
    await setPolicy({});
    const { getDb } = await import("@/lib/server/db/client");
    const { teamUsage } = await import("@/lib/policies/server/launch-holds");
    const { teamHourlyRate } = await teamUsage(await getDb(), teamId, people.bo.id);
    expect(teamHourlyRate).toBeGreaterThan(0);
    // Room for nothing more.
    await setPolicy({ maxTeamHourlyRate: String(Math.ceil(teamHourlyRate)) });
    const over = await launchAs(people.bo, "bo-over");
    expect(over).toMatchObject({
      ok: false,
      kind: "outside-policy",
      error: expect.stringMatching(
        /^The team's policy allows its running clusters \$[\d,.]+\/h together; they run at \$[\d,.]+\/h and this would add \$[\d,.]+\/h\.$/,
      ),
    });
    expect(await named("bo-over")).toEqual([]);
    // bo's own cluster, resized up: refused; down, allowed (it adds no rate).
    const [mine] = await named("bo-first");
    if (!mine) throw new Error("bo's cluster");
    await h.control.advance(180);
    acting.session = people.bo;
    const up = await clusters.resizeCluster({ id: mine.id, nodeCount: 4 });
    expect(up).toMatchObject({
      ok: false,
      kind: "outside-policy",
      fieldErrors: { node_count: expect.any(String) },
    });
    expect((await h.control.clustersOf(teamKey)).find((c) => c.id === mine.id)?.node_count).toBe(2);
  });
});

describe("budgets", () => {
  // The offer: 8 GPUs at $2.49 per node, 2 nodes: $39.84/h.
  const RATE = 2 * 8 * 2.49;

  async function setBudget(b: { teamDollars?: string; memberDollars?: string }) {
    acting.session = people.owner;
    const r = await budgets.setTeamBudgetAction({
      teamId,
      period: "month",
      startDay: "1",
      teamDollars: "",
      memberDollars: "",
      endRunning: false,
      ...b,
    });
    expect(r).toMatchObject({ ok: true });
  }

  it("a launch holds its rate for its time limit; one the member's budget cannot hold is refused, naming it", async () => {
    await setPolicy({});
    await setBudget({ memberDollars: "100" });
    expect(await launchAs(people.dee, "dee-1h", randomUUID(), "1 h")).toMatchObject({ ok: true });
    const second = await launchAs(people.dee, "dee-2h", randomUUID(), "2 h");
    expect(second).toMatchObject({
      ok: false,
      kind: "outside-policy",
      error: `Your budget for this month (from ${periodStart()}) is $100.00, with $${(100 - RATE).toFixed(2)} left after what is spent and held by running clusters; this launch holds $${(2 * RATE).toFixed(2)} ($${RATE.toFixed(2)}/h for 2 h).`,
      fieldErrors: { timeLimit: expect.stringMatching(/^Your budget/) },
    });
    expect(await named("dee-2h")).toEqual([]);
    // Without a time limit a launch holds to the period's end: refused for the same budget.
    expect(await launchAs(people.dee, "dee-open")).toMatchObject({
      ok: false,
      error: expect.stringContaining("until the period ends: it has no time limit"),
    });
    // A shorter limit that fits passes.
    expect(await launchAs(people.dee, "dee-30m", randomUUID(), "30 min")).toMatchObject({ ok: true });
  });

  it("the team's budget counts every member's clusters; launches at the same moment pass only as far as it holds", async () => {
    await setBudget({ teamDollars: "10000000" });
    const { getDb } = await import("@/lib/server/db/client");
    const { budgetStanding } = await import("@/lib/budgets/server/budget-standing");
    const before = await budgetStanding(await getDb(), teamId, people.dee.id);
    const used = before!.team!.spent + before!.team!.held;
    // Room for one more hour of this cluster, not two.
    await setBudget({ teamDollars: (used + 1.5 * RATE).toFixed(2) });
    const results = await Promise.all(
      [1, 2, 3].map((i) => launchAs(people.dee, `dee-team-${i}`, randomUUID(), "1 h")),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok))
      expect(r).toMatchObject({
        kind: "outside-policy",
        error: expect.stringMatching(/^The team's budget for this month/),
      });
    expect(await named("dee-team-")).toHaveLength(1);
    await setBudget({});
  });
});

describe("Extend", () => {
  it("adds to the time limit within the policy's longest; past it, refused naming the rule, nothing changed", async () => {
    await setPolicy({ maxTimeLimit: "2 h" });
    const launched = await launchAs(people.ada, "ada-extends", randomUUID(), "1 h");
    if (!launched.ok) throw new Error(launched.error);
    const id = launched.data.id;
    acting.session = people.ada;
    expect(await limits.extendClusterAction({ id, minutes: 60 })).toMatchObject({
      ok: true,
      data: { timeLimitMinutes: 120 },
    });
    expect(await limits.extendClusterAction({ id, minutes: 60 })).toMatchObject({
      ok: false,
      kind: "outside-policy",
      error: "The team's policy allows a time limit of at most 2 h; this asks for 3 h.",
    });
    const { getDb } = await import("@/lib/server/db/client");
    const { limitsOfCluster } = await import("@/lib/limits/server/cluster-limits");
    const { guardRef } = await import("@/lib/spend/server/tracked-clusters");
    expect((await limitsOfCluster(await getDb(), guardRef(teamKeyId, id)))?.timeLimitMinutes).toBe(120);
    // A colleague who is a member may not extend someone else's cluster.
    acting.session = people.bo;
    expect(await limits.extendClusterAction({ id, minutes: 60 })).toMatchObject({
      ok: false,
      kind: "forbidden",
    });
  });

  it("from the warning's link: once, by the owner it was sent to", async () => {
    await setPolicy({});
    const launched = await launchAs(people.cy, "cy-extends-by-link", randomUUID(), "1 h");
    if (!launched.ok) throw new Error(launched.error);
    const id = launched.data.id;
    const { signExtendLink } = await import("@/lib/limits/server/extend-links");
    const token = signExtendLink({
      clusterId: id,
      userId: people.cy.id,
      minutes: 240,
      limits: { timeLimitMinutes: 60, budgetLimit: null },
      expiresAt: Date.now() + 60_000,
    });
    acting.session = people.bo;
    expect(await limits.extendByLinkAction({ token })).toMatchObject({
      ok: false,
      error: "This link was sent to another person: sign in as them.",
    });
    acting.session = people.cy;
    expect(await limits.extendByLinkAction({ token: token.slice(0, -2) + "xx" })).toMatchObject({
      ok: false,
      error: "This link is not valid: it may have been cut short or changed.",
    });
    expect(await limits.extendByLinkAction({ token })).toMatchObject({
      ok: true,
      data: { clusterId: id, timeLimitMinutes: 300 },
    });
    expect(await limits.extendByLinkAction({ token })).toMatchObject({
      ok: false,
      error:
        "This link was used already: the cluster's limits changed since it was sent. Extend it on its page.",
    });
    const old = signExtendLink({
      clusterId: id,
      userId: people.cy.id,
      minutes: 60,
      limits: { timeLimitMinutes: 300, budgetLimit: null },
      expiresAt: Date.now() - 1,
    });
    expect(await limits.extendByLinkAction({ token: old })).toMatchObject({
      ok: false,
      error: "This link has expired: the limit it was sent for has passed.",
    });
  });
});

/** The first of this month, as a refusal names the period ("Dec 1"). */
function periodStart(): string {
  const d = new Date();
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" }).format(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
  );
}
