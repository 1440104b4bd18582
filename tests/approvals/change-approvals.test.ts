import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { acting } from "@/tests/support/action-mocks";
import type { SessionUser } from "@/lib/accounts/server/session";
import { actionTeam, type ActionTeam } from "@/tests/support/action-team";

/**
 * An extension or a resize the team's rules refuse, sent for approval, through the real actions against the
 * simulator on Postgres: asked once per change (its Idempotency-Key), approved once by an admin, run as the requester
 * past the rule it was about — and an extension only while the cluster's limits are the ones it was asked against.
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

let t: ActionTeam<"owner" | "admin" | "member">;
let launch: typeof import("@/lib/launch/actions");
let limits: typeof import("@/lib/limits/actions");
let clusters: typeof import("@/lib/clusters/actions");
let approvals: typeof import("@/lib/approvals/actions");
let db: import("@/lib/server/db/client").Db;

beforeAll(async () => {
  t = await actionTeam("changes.example", { owner: "owner", admin: "admin", member: "member" });
  launch = await import("@/lib/launch/actions");
  limits = await import("@/lib/limits/actions");
  clusters = await import("@/lib/clusters/actions");
  approvals = await import("@/lib/approvals/actions");
  db = await (await import("@/lib/server/db/client")).getDb();
  const { setTeamPolicy } = await import("@/lib/policies/server/policy-store");
  const { NO_POLICY } = await import("@/lib/policies/policy");
  await setTeamPolicy(
    db,
    t.teamId,
    { ...NO_POLICY, maxNodes: 2, maxTimeLimitMinutes: 120 },
    t.people.owner.id,
  );
}, 120_000);

afterAll(async () => t?.close());

async function launched(name: string, timeLimit = "1 h"): Promise<string> {
  acting.session = t.people.member;
  const r = await launch.launchCluster({
    offerId: OFFER,
    idempotencyKey: randomUUID(),
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
  if (!r.ok) throw new Error(r.error);
  return r.data.id;
}

const timeLimitOf = async (id: string) => {
  const { limitsOfCluster } = await import("@/lib/limits/server/cluster-limits");
  const { guardRef } = await import("@/lib/spend/server/tracked-clusters");
  return (await limitsOfCluster(db, guardRef(t.teamKeyId, id)))?.timeLimitMinutes;
};

function askExtend(id: string, minutes: number, idempotencyKey = randomUUID()) {
  acting.session = t.people.member;
  return approvals.requestChangeApprovalAction({
    kind: "extend",
    id,
    minutes,
    idempotencyKey,
    reason: "The run needs the night to finish.",
  });
}

function approve(id: string, as: SessionUser = t.people.admin) {
  acting.session = as;
  return approvals.decideApprovalAction({ id, decision: "approve", note: "" });
}

describe("an extension past the policy", () => {
  it("is refused, asked for once, and on approval extends once, as the requester, past the rule", async () => {
    const id = await launched("night-run");
    acting.session = t.people.member;
    expect(await limits.extendClusterAction({ id, minutes: 240 })).toMatchObject({
      ok: false,
      kind: "outside-policy",
      error: "The team's policy allows a time limit of at most 2 h; this asks for 5 h.",
    });
    const key = randomUUID();
    const asked = await askExtend(id, 240, key);
    expect(asked).toMatchObject({ ok: true, data: { created: true, admins: 2 } });
    expect(await askExtend(id, 240, key)).toMatchObject({ ok: true, data: { created: false } });
    if (!asked.ok) throw new Error("ask");
    const { requestById } = await import("@/lib/approvals/server/approval-store");
    expect(await requestById(db, asked.data.id)).toMatchObject({
      kind: "extend",
      clusterId: id,
      summary: "night-run: extend by 4 h (time 1 h → time 5 h)",
      rules: ["max-time-limit"],
    });

    expect(await approve(asked.data.id)).toMatchObject({
      ok: true,
      data: { status: "approved", clusterId: id, message: "Approved: night-run extended by 4 h." },
    });
    expect(await timeLimitOf(id)).toBe(300);
    // Once: the owner's approval afterwards decides nothing and extends nothing.
    expect(await approve(asked.data.id, t.people.owner)).toMatchObject({ ok: false, kind: "conflict" });
    expect(await timeLimitOf(id)).toBe(300);
    // The requester is told, and the team's log has the change as theirs.
    const { listInbox } = await import("@/lib/notifications/server/inbox");
    const told = (await listInbox(db, t.people.member.id)).filter((e) => e.kind === "approval-decided");
    expect(told.map((e) => e.message)).toContainEqual(
      expect.stringMatching(
        /^admin@changes\.example approved your extension of night-run: .+; it is done: extended by 4 h\.$/,
      ),
    );
    const { listAudit } = await import("@/lib/audit/server/audit-log");
    const mine = await listAudit(db, t.people.member.id);
    expect(mine.map((e) => e.action)).toEqual(expect.arrayContaining(["approval-requested", "limits"]));
  });

  it("whose cluster's limits changed since the request is not done on approval", async () => {
    const id = await launched("moved-on");
    const asked = await askExtend(id, 240);
    if (!asked.ok) throw new Error(asked.error);
    // Changed meanwhile (as the limits form does; the form's action needs the job engine this test has not).
    const { setLimits } = await import("@/lib/limits/server/cluster-limits");
    const { guardRef } = await import("@/lib/spend/server/tracked-clusters");
    await setLimits(db, guardRef(t.teamKeyId, id), { timeLimitMinutes: 90, budgetLimit: null });
    expect(await approve(asked.data.id)).toMatchObject({
      ok: true,
      data: {
        status: "failed",
        message: expect.stringMatching(
          /^Approved, but it was not done: the cluster's limits changed since the request/,
        ),
      },
    });
    expect(await timeLimitOf(id)).toBe(90);
  });

  it("that keeps the rules is not sent: it can just be done", async () => {
    const id = await launched("fits");
    expect(await askExtend(id, 30)).toMatchObject({
      ok: false,
      kind: "conflict",
      error: "This extension keeps the team's policy and budgets now: do it.",
    });
  });
});

describe("a resize past the policy", () => {
  it("is refused, and on approval resizes once to the count asked", async () => {
    const id = await launched("grows", "");
    await t.h.control.advance(180);
    acting.session = t.people.member;
    expect(await clusters.resizeCluster({ id, nodeCount: 4 })).toMatchObject({
      ok: false,
      kind: "outside-policy",
      error: "The team's policy allows at most 2 nodes per cluster; this asks for 4.",
    });
    const asked = await approvals.requestChangeApprovalAction({
      kind: "resize",
      id,
      nodeCount: 4,
      idempotencyKey: randomUUID(),
      reason: "Scaling test for the paper.",
    });
    if (!asked.ok) throw new Error(asked.error);
    expect(await approve(asked.data.id)).toMatchObject({
      ok: true,
      data: { status: "approved", message: "Approved: grows resized to 4 nodes." },
    });
    const after = (await t.h.control.clustersOf(t.teamKey)).find((c) => c.id === id);
    expect(after?.node_count).toBe(4);
  });
});
