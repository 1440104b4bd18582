import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/server/db/client";
import { teamMembers } from "@/lib/server/db/schema";
import { addTeamKey } from "@/lib/keys/server/runcrate-keys";
import { createTeam } from "@/lib/teams/server/teams-store";
import { saveLaunchRecord } from "@/lib/launch/server/launch-records";
import {
  guardRef,
  recordObservation,
  trackCluster,
  type GuardRef,
} from "@/lib/spend/server/tracked-clusters";
import { setTeamBudget } from "@/lib/budgets/server/budget-store";
import { levelReached, sweepBudgets, type SweepDeps } from "@/lib/budgets/server/budget-sweep";
import { limitsOfCluster, requestEnd } from "@/lib/limits/server/cluster-limits";
import { listInbox } from "@/lib/notifications/server/inbox";
import { recordOnly } from "@/lib/notifications/server/observe";
import type { TeamBudget } from "@/lib/budgets/budget";
import { teamSpendOf } from "@/lib/budgets/server/budget-standing";
import { insertAudit } from "@/lib/audit/server/audit-log";
import { BACKENDS } from "../db/support/backends";
import { freshKey, makeUser, newClusterId, SECRET } from "../db/support/fixtures";

const HOUR = 3_600_000;
/** Mid-December: the month's period began on the 1st. */
const NOW = Date.UTC(2026, 11, 10, 12);

describe("the levels a budget's warnings go out at", () => {
  it("the highest of 50, 80 and 100 % that what is spent reaches", () => {
    expect(levelReached(49.99, 100)).toBeNull();
    expect(levelReached(50, 100)).toBe(0.5);
    expect(levelReached(79, 100)).toBe(0.5);
    expect(levelReached(80, 100)).toBe(0.8);
    expect(levelReached(100, 100)).toBe(1);
    expect(levelReached(250, 100)).toBe(1);
  });
});

describe.each(BACKENDS)("the budget sweep on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  async function team(budget: Partial<TeamBudget>) {
    const { db } = database;
    const [owner, admin, member] = [await makeUser(db), await makeUser(db), await makeUser(db)];
    const { teamId } = await createTeam(db, owner.id, "Budgeted");
    await db.insert(teamMembers).values([
      { teamId, userId: admin.id, role: "admin" },
      { teamId, userId: member.id, role: "member" },
    ]);
    const key = await addTeamKey(
      db,
      { teamId, userId: owner.id },
      { label: "team", environment: null, apiKey: freshKey() },
      SECRET,
    );
    if (!key.ok) throw new Error("key");
    await setTeamBudget(
      db,
      teamId,
      { period: "month", startDay: 1, teamDollars: null, memberDollars: null, endRunning: false, ...budget },
      owner.id,
    );
    return { teamId, owner, admin, member, keyId: key.key.id };
  }

  /** Each cluster's guardian row, by its id (the ids are unique across this file's clusters). */
  const refs = new Map<string, GuardRef>();
  const ref = (clusterId: string): GuardRef => {
    const found = refs.get(clusterId);
    if (!found) throw new Error(`no cluster ${clusterId}`);
    return found;
  };

  /** A cluster `owner` launched with the team's key, billed at `rate` $/h since `hoursAgo` before NOW. */
  async function billed(
    t: Awaited<ReturnType<typeof team>>,
    owner: string,
    rate: number,
    hoursAgo: number,
    gpu?: { gpuType: string; gpusPerNode: number },
  ) {
    const { db } = database;
    const clusterId = newClusterId();
    await trackCluster(db, {
      clusterId,
      userId: owner,
      keyId: t.keyId,
      name: clusterId,
      environment: null,
      status: "ready",
    });
    await saveLaunchRecord(db, {
      userId: owner,
      teamId: t.teamId,
      clusterId,
      clusterName: clusterId,
      offerId: "o",
      values: {},
    });
    refs.set(clusterId, guardRef(t.keyId, clusterId));
    await recordObservation(db, ref(clusterId), {
      at: NOW,
      billedSince: NOW - hoursAgo * HOUR,
      endedAt: null,
      ratePerNode: rate,
      nodes: 1,
      status: "ready",
      name: clusterId,
      ...gpu,
    });
    return clusterId;
  }

  function deps(asked: string[] = []): SweepDeps {
    return {
      db: database.db,
      now: () => NOW,
      notify: recordOnly(database.db),
      endCluster: async (asking) => {
        asked.push(asking.clusterId);
        return requestEnd(database.db, asking, new Date(NOW));
      },
    };
  }

  const warnings = async (userId: string) =>
    (await listInbox(database.db, userId)).filter((e) => e.kind === "budget-warning").map((e) => e.message);

  it("tells the team's owners and admins at 50 and 80 %, once per level, and a member of their own budget", async () => {
    const t = await team({ teamDollars: 100, memberDollars: 40 });
    await billed(t, t.member.id, 10, 6); // $60: the team's 50 %, the member's 100 %
    await sweepBudgets(deps());
    await sweepBudgets(deps()); // a second sweep (or a second instance) tells nobody again
    const teamWarning = expect.stringMatching(
      /^Budgeted's budget is 50 % spent: \$60\.00 of \$100\.00 for Dec 1 to Jan 1 \(UTC\)\. It runs out on Dec 10, 2026, 16:00 UTC at the current rate\.$/,
    );
    expect(await warnings(t.owner.id)).toEqual([teamWarning]);
    expect(await warnings(t.admin.id)).toEqual([teamWarning]);
    expect(await warnings(t.member.id)).toEqual([
      "Your budget in Budgeted is 100 % spent: $60.00 of $40.00 for Dec 1 to Jan 1 (UTC). New launches are refused until the period ends or an admin raises the budget; running clusters keep running.",
    ]);
    // Not chosen: nothing is ended.
    expect(await sweepBudgets(deps())).toMatchObject({ endRequests: 0 });

    // More spend: the 80 % warning, once.
    await billed(t, t.owner.id, 25, 1);
    await sweepBudgets(deps());
    await sweepBudgets(deps());
    expect((await warnings(t.admin.id)).map((m) => m.slice(0, 32)).sort()).toEqual([
      "Budgeted's budget is 50 % spent:",
      "Budgeted's budget is 80 % spent:",
    ]);
  });

  it("at 100 %, where the team chose it, asks the guardian to end each running cluster it covers, once", async () => {
    const t = await team({ teamDollars: 100, endRunning: true });
    const a = await billed(t, t.member.id, 20, 3);
    const b = await billed(t, t.owner.id, 20, 3);
    const asked: string[] = [];
    expect(await sweepBudgets(deps(asked))).toMatchObject({ endRequests: 2 });
    expect(asked.filter((id) => id === a || id === b).sort()).toEqual([a, b].sort());
    // Asked again on the next sweep (its guard runs again), but requested only once.
    expect(await sweepBudgets(deps(asked))).toMatchObject({ endRequests: 0 });
    for (const id of [a, b]) {
      expect(await limitsOfCluster(database.db, ref(id))).toMatchObject({
        state: "watching",
        endRequestedAt: new Date(NOW),
      });
    }
    expect(await warnings(t.owner.id)).toEqual([
      "Budgeted's budget is 100 % spent: $120.00 of $100.00 for Dec 1 to Jan 1 (UTC). Its running clusters are being ended, as the team chose. New launches are refused until the period ends or an admin raises the budget.",
    ]);
  });

  it("a team's spend this period, by member (most first) and by day", async () => {
    const t = await team({ teamDollars: 1000 });
    await billed(t, t.member.id, 10, 6, { gpuType: "H100 SXM", gpusPerNode: 8 }); // $60 today, 48 GPU-hours
    await billed(t, t.owner.id, 5, 2); // $10 today, on GPUs the guardian did not record
    const view = await teamSpendOf(database.db, { teamId: t.teamId, name: "Budgeted" }, NOW);
    expect(view.members).toEqual([
      { email: t.member.email, spent: 60, rate: 10, clusters: 1 },
      { email: t.owner.email, spent: 10, rate: 5, clusters: 1 },
    ]);
    expect(view.total).toBeCloseTo(70, 6);
    // Dec 1 to Dec 10: ten days, all of it spent on the last.
    expect(view.days).toHaveLength(10);
    expect(view.days.at(-1)).toEqual({ day: "2026-12-10", amount: expect.closeTo(70, 6) as number });
    expect(view.days.slice(0, -1).every((d) => d.amount === 0)).toBe(true);
    // Each cluster: when it ran, its hours and cost; running ones have no end and no one who ended them.
    expect(view.clusters.map((c) => [c.owner, c.hours, c.cost, c.to, c.endedBy])).toEqual([
      [t.owner.email, 2, expect.closeTo(10, 6), null, null],
      [t.member.email, 6, expect.closeTo(60, 6), null, null],
    ]);
    // By GPU type, and what a GPU-hour cost: $60 for 6 h of 8 GPUs is $1.25.
    expect(view.clusters.map((c) => [c.gpuType, c.gpuHours, c.perGpuHour])).toEqual([
      [null, null, null],
      ["H100 SXM", expect.closeTo(48, 6), expect.closeTo(1.25, 6)],
    ]);
    // The team budget's burn-down: $930 of $1,000 left at $15/h runs out 62 hours from now.
    expect(view.burn).toMatchObject({ cap: 1000, runsOutAt: NOW + 62 * HOUR });
    expect(view.burn?.actual.at(-1)).toEqual({ at: NOW, left: expect.closeTo(930, 6) });
    expect(view.gpuTypes).toEqual([
      {
        gpuType: "H100 SXM",
        clusters: 1,
        spent: expect.closeTo(60, 6),
        gpuHours: expect.closeTo(48, 6),
        perGpuHour: expect.closeTo(1.25, 6),
      },
      { gpuType: "Unknown", clusters: 1, spent: expect.closeTo(10, 6), gpuHours: null, perGpuHour: null },
    ]);
  });

  it("names who ended a cluster and why: a person with their reason, or the guardian with its limit", async () => {
    const { db } = database;
    const t = await team({ teamDollars: 1000 });
    const byHand = await billed(t, t.member.id, 10, 3);
    const byLimit = await billed(t, t.owner.id, 10, 3);
    for (const id of [byHand, byLimit])
      await recordObservation(db, ref(id), {
        at: NOW,
        billedSince: NOW - 3 * HOUR,
        endedAt: NOW - HOUR,
        ratePerNode: 10,
        nodes: 1,
        status: "terminated",
        name: id,
      });
    await insertAudit(db, {
      userId: t.admin.id,
      teamId: t.teamId,
      action: "terminate",
      clusterId: byHand,
      clusterName: byHand,
      keyLabel: "team",
      detail: "was ready · reason: idle all night",
    });
    await insertAudit(db, {
      userId: t.owner.id,
      teamId: t.teamId,
      action: "auto-terminate",
      clusterId: byLimit,
      clusterName: byLimit,
      keyLabel: "team",
      detail: "auto-terminated: time limit reached",
    });
    const view = await teamSpendOf(db, { teamId: t.teamId, name: "Budgeted" }, NOW);
    const ended = Object.fromEntries(view.clusters.map((c) => [c.id, [c.hours, c.to, c.endedBy]]));
    expect(ended[byHand]).toEqual([2, NOW - HOUR, `${t.admin.email} (idle all night)`]);
    expect(ended[byLimit]).toEqual([2, NOW - HOUR, "Clusterdeck: time limit reached"]);
  });

  it("a member's budget reached ends only that member's clusters", async () => {
    const t = await team({ memberDollars: 50, endRunning: true });
    const over = await billed(t, t.member.id, 30, 2);
    const fine = await billed(t, t.owner.id, 1, 2);
    const asked: string[] = [];
    await sweepBudgets(deps(asked));
    // (The sweep reads every team with a budget: other tests' teams are asked about their own clusters.)
    expect(asked.filter((id) => id === over || id === fine)).toEqual([over]);
    expect((await limitsOfCluster(database.db, ref(fine)))?.endRequestedAt ?? null).toBeNull();
  });
});
