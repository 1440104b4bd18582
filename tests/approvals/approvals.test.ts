import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { acting } from "@/tests/support/action-mocks";
import type { SessionUser } from "@/lib/accounts/server/session";
import type { Harness } from "@/tests/sim/support/sim-harness";
import { actionTeam, type ActionTeam } from "@/tests/support/action-team";

/**
 * Approvals through the real server actions against the simulator, on Postgres: a member's launch outside the team's
 * policy becomes a request; the admins are told with links signed for each of them; an approval launches once, as
 * the requester, with the request's Idempotency-Key; a link that is altered, expired, used or someone else's decides
 * nothing; the requester is told every outcome; each step is in the team's log.
 */

vi.mock(
  "@/lib/accounts/server/session",
  async () => (await import("@/tests/support/action-mocks")).sessionMock,
);
vi.mock("next/cache", async () => (await import("@/tests/support/action-mocks")).cacheMock);
// No job engine: launches skip scheduling their guard, and notifications are recorded (inbox, deliveries) unsent.
vi.mock(
  "@/lib/server/jobs/process-engine",
  async () => (await import("@/tests/support/action-mocks")).noJobEngine,
);

const OFFER = "h100-sxm-8x-ib-dallas";

let h: Harness;
let team: ActionTeam<"owner" | "admin" | "member">;
let launch: typeof import("@/lib/launch/actions");
let approvals: typeof import("@/lib/approvals/actions");
let getDb: typeof import("@/lib/server/db/client").getDb;
const people = {} as Record<"owner" | "admin" | "member" | "outsider", SessionUser>;
let teamId: string;
let teamKey: string;

beforeAll(async () => {
  const made = await actionTeam(
    "approvals.example",
    { owner: "owner", admin: "admin", member: "member" },
    { outsiders: ["outsider"], name: "Lab" },
  );
  team = made;
  ({ h, teamId, teamKey } = made);
  Object.assign(people, made.people, made.outsiders);
  ({ getDb } = await import("@/lib/server/db/client"));
  launch = await import("@/lib/launch/actions");
  approvals = await import("@/lib/approvals/actions");
  const { setTeamPolicy } = await import("@/lib/policies/server/policy-store");
  const { NO_POLICY } = await import("@/lib/policies/policy");
  // H100s are outside the policy: the offer's launches need an approval.
  await setTeamPolicy(await getDb(), teamId, { ...NO_POLICY, gpuTypes: ["A100"] }, people.owner.id);
}, 120_000);

afterAll(async () => team?.close());

function launchInput(name: string, idempotencyKey = randomUUID()) {
  return {
    offerId: OFFER,
    idempotencyKey,
    values: {
      name,
      node_count: 2,
      stack: "slurm",
      ssh_key_ids: [],
      storage_id: "",
      include_community: false,
    },
  };
}

async function ask(name: string, reason = "The A100s are all taken this week.") {
  acting.session = people.member;
  const r = await approvals.requestLaunchApprovalAction({ ...launchInput(name), reason });
  if (!r.ok) throw new Error(r.error);
  return r.data.id;
}

async function inbox(who: SessionUser, kind: string) {
  const { listInbox } = await import("@/lib/notifications/server/inbox");
  return (await listInbox(await getDb(), who.id)).filter((e) => e.kind === kind);
}

async function linkFor(
  requestId: string,
  who: SessionUser,
  decision: "approve" | "deny",
  expiresAt?: number,
) {
  const { signApprovalLink } = await import("@/lib/approvals/server/approval-links");
  const { keyRing } = await import("@/lib/server/crypto/key-ring");
  const { requestById } = await import("@/lib/approvals/server/approval-store");
  const r = await requestById(await getDb(), requestId);
  return signApprovalLink(keyRing(), {
    requestId,
    decision,
    userId: who.id,
    expiresAt: expiresAt ?? r!.expiresAt.getTime(),
  });
}

const clustersNamed = async (name: string) =>
  (await h.control.clustersOf(teamKey)).filter((c) => c.name === name);

describe("asking", () => {
  it("a refused launch becomes a request; each admin is told, with links of their own; asking again asks once", async () => {
    acting.session = people.member;
    const input = launchInput("needs-h100");
    const refused = await launch.launchCluster(input);
    expect(refused).toMatchObject({ ok: false, kind: "outside-policy" });
    const asked = await approvals.requestLaunchApprovalAction({
      ...input,
      reason: "The A100s are all taken.",
    });
    expect(asked).toMatchObject({ ok: true, data: { created: true, admins: 2 } });
    const again = await approvals.requestLaunchApprovalAction({ ...input, reason: "Please?" });
    expect(again).toMatchObject({ ok: true, data: { created: false } });
    if (!asked.ok || !again.ok) throw new Error("asked");
    expect(again.data.id).toBe(asked.data.id);
    for (const admin of [people.owner, people.admin]) {
      const told = await inbox(admin, "approval-requested");
      expect(told.filter((e) => e.path === `/approvals/${asked.data.id}`)).toHaveLength(1);
      expect(told[0]!.message).toMatch(
        /^member@approvals\.example asks to launch needs-h100: 2 × 8 H100 SXM \(h100-sxm-8x-ib-dallas\), \$39\.84\/h, no time limit in Lab\. The team's policy allows A100; this offer is H100 SXM\. Their reason: “The A100s are all taken\.”/,
      );
    }
    expect(await inbox(people.member, "approval-requested")).toEqual([]);
    expect(await clustersNamed("needs-h100")).toEqual([]);
  });

  it("refuses to ask for a launch that keeps the rules, and a viewer or a stranger cannot ask", async () => {
    acting.session = people.member;
    const { setTeamPolicy } = await import("@/lib/policies/server/policy-store");
    const { NO_POLICY } = await import("@/lib/policies/policy");
    await setTeamPolicy(await getDb(), teamId, NO_POLICY, people.owner.id);
    try {
      expect(
        await approvals.requestLaunchApprovalAction({ ...launchInput("fits"), reason: "Just because." }),
      ).toMatchObject({
        ok: false,
        kind: "conflict",
        error: "This launch keeps the team's policy and budgets now: launch it.",
      });
    } finally {
      await setTeamPolicy(await getDb(), teamId, { ...NO_POLICY, gpuTypes: ["A100"] }, people.owner.id);
    }
    expect(
      await approvals.requestLaunchApprovalAction({ ...launchInput("no-reason"), reason: " " }),
    ).toMatchObject({ ok: false, kind: "invalid-input" });
  });
});

describe("deciding", () => {
  it("a link altered, expired or someone else's decides nothing; a member cannot decide", async () => {
    const id = await ask("guarded-links");
    const token = await linkFor(id, people.admin, "approve");
    acting.session = people.owner;
    expect(await approvals.decideApprovalAction({ token, note: "" })).toMatchObject({
      ok: false,
      error:
        "This link was sent to another person. Sign in as them, or open the request from your own inbox.",
    });
    acting.session = people.admin;
    // One character of the signature changed (to one it is not).
    const flipped = token.slice(0, -3) + (token.at(-3) === "A" ? "B" : "A") + token.slice(-2);
    expect(await approvals.decideApprovalAction({ token: flipped, note: "" })).toMatchObject({
      ok: false,
      error: "This link is not valid: it may have been cut short or changed.",
    });
    // A link whose decision was changed from deny to approve: its signature no longer matches.
    const deny = await linkFor(id, people.admin, "deny");
    const [payload, sig] = deny.split(".");
    const forged = `${Buffer.from(Buffer.from(payload!, "base64url").toString().replace("deny", "approve")).toString("base64url")}.${sig}`;
    expect(await approvals.decideApprovalAction({ token: forged, note: "" })).toMatchObject({
      ok: false,
      error: "This link is not valid: it may have been cut short or changed.",
    });
    const old = await linkFor(id, people.admin, "approve", Date.now() - 1000);
    expect(await approvals.decideApprovalAction({ token: old, note: "" })).toMatchObject({
      ok: false,
      error: "This request has expired: nobody decided on it in time.",
    });
    acting.session = people.member;
    expect(await approvals.decideApprovalAction({ id, decision: "approve", note: "" })).toMatchObject({
      ok: false,
      kind: "forbidden",
      error: "Only the team's owners and admins decide its requests.",
    });
    acting.session = people.outsider;
    expect(await approvals.decideApprovalAction({ id, decision: "approve", note: "" })).toMatchObject({
      ok: false,
      kind: "forbidden",
    });
    expect(await clustersNamed("guarded-links")).toEqual([]);
  });

  it("approving from the admin's link launches once, as the requester; the link then answers who decided", async () => {
    const id = await ask("approved-once");
    const token = await linkFor(id, people.admin, "approve");
    acting.session = people.admin;
    const r = await approvals.decideApprovalAction({ token, note: "Go ahead, this once." });
    expect(r).toMatchObject({ ok: true, data: { status: "approved" } });
    if (!r.ok) throw new Error("approve");
    const made = await clustersNamed("approved-once");
    expect(made).toHaveLength(1);
    expect(r.data.clusterId).toBe(made[0]!.id);
    // Used: a second press, or the owner's own approval, decides nothing and launches nothing.
    expect(await approvals.decideApprovalAction({ token, note: "" })).toMatchObject({
      ok: false,
      error: "This request was already approved by admin@approvals.example.",
    });
    acting.session = people.owner;
    expect(await approvals.decideApprovalAction({ id, decision: "approve", note: "" })).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    expect(await clustersNamed("approved-once")).toHaveLength(1);
    // The cluster is the requester's: its launch record and the team's log say so.
    const { launcherOf } = await import("@/lib/teams/server/authorize");
    expect((await launcherOf(await getDb(), teamId, made[0]!.id))?.userId).toBe(people.member.id);
    const told = await inbox(people.member, "approval-decided");
    expect(told.map((e) => e.message)).toContainEqual(
      expect.stringMatching(
        /^admin@approvals\.example approved your launch of approved-once: .+; it is starting\. Their note: “Go ahead, this once\.”\.$/,
      ),
    );
    const { listAudit } = await import("@/lib/audit/server/audit-log");
    expect((await listAudit(await getDb(), people.admin.id)).map((e) => e.action)).toContain(
      "approval-approved",
    );
    expect((await listAudit(await getDb(), people.member.id)).map((e) => e.action)).toEqual(
      expect.arrayContaining(["approval-requested", "launch"]),
    );
  });

  it("two admins approving at the same moment launch one cluster", async () => {
    const id = await ask("approved-twice");
    const decide = (who: SessionUser) => {
      acting.session = who;
      return approvals.decideApprovalAction({ id, decision: "approve", note: "" });
    };
    const results = await Promise.all([decide(people.admin), decide(people.owner)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await clustersNamed("approved-twice")).toHaveLength(1);
  });

  it("a denial is told to the requester with the note, and the request takes no approval after it", async () => {
    const id = await ask("denied");
    acting.session = people.owner;
    expect(
      await approvals.decideApprovalAction({ id, decision: "deny", note: "Use the A100 queue." }),
    ).toMatchObject({ ok: true, data: { status: "denied" } });
    acting.session = people.admin;
    expect(await approvals.decideApprovalAction({ id, decision: "approve", note: "" })).toMatchObject({
      ok: false,
      error: "This request was already denied by owner@approvals.example.",
    });
    expect((await inbox(people.member, "approval-decided")).map((e) => e.message)).toContainEqual(
      expect.stringMatching(
        /^owner@approvals\.example denied your launch of denied: .+\. Their note: “Use the A100 queue\.”\.$/,
      ),
    );
    expect(await clustersNamed("denied")).toEqual([]);
  });

  it("an approval re-checks what it did not waive: a budget reached since fails it, naming the budget", async () => {
    const id = await ask("over-budget-since");
    const { setTeamBudget } = await import("@/lib/budgets/server/budget-store");
    await setTeamBudget(
      await getDb(),
      teamId,
      { period: "month", startDay: 1, teamDollars: null, memberDollars: 1, endRunning: false },
      people.owner.id,
    );
    try {
      acting.session = people.admin;
      const r = await approvals.decideApprovalAction({ id, decision: "approve", note: "" });
      expect(r).toMatchObject({
        ok: true,
        data: {
          status: "failed",
          message: expect.stringMatching(/^Approved, but it did not start: Your budget for this month/),
        },
      });
      expect(await clustersNamed("over-budget-since")).toEqual([]);
      expect((await inbox(people.member, "approval-decided")).map((e) => e.message)).toContainEqual(
        expect.stringMatching(
          /^admin@approvals\.example approved your launch of over-budget-since: .+, but it could not start: Your budget/,
        ),
      );
    } finally {
      const { NO_BUDGET } = await import("@/lib/budgets/budget");
      await setTeamBudget(await getDb(), teamId, NO_BUDGET, people.owner.id);
    }
  });
});

describe("expiry", () => {
  it("a request nobody decided on expires; its requester is told; its links then say so", async () => {
    const id = await ask("expires");
    const { approvalRequests } = await import("@/lib/server/db/schema");
    const { eq } = await import("drizzle-orm");
    const db = await getDb();
    await db
      .update(approvalRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(approvalRequests.id, id));
    const { expireApprovals } = await import("@/lib/approvals/server/approvals");
    expect(await expireApprovals(db)).toBeGreaterThanOrEqual(1);
    expect((await inbox(people.member, "approval-decided")).map((e) => e.message)).toContainEqual(
      "No admin decided on your launch of expires: 2 × 8 H100 SXM (h100-sxm-8x-ib-dallas), $39.84/h, no time limit in time; launch again or ask again.",
    );
    acting.session = people.admin;
    const token = await linkFor(id, people.admin, "approve", Date.now() + 60_000);
    expect(await approvals.decideApprovalAction({ token, note: "" })).toMatchObject({
      ok: false,
      error: "This request has expired: nobody decided on it in time.",
    });
    expect(await approvals.decideApprovalAction({ id, decision: "approve", note: "" })).toMatchObject({
      ok: false,
      error: "This request has expired: nobody decided on it in time.",
    });
  });
});
