import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { acting } from "@/tests/support/action-mocks";
import { actionTeam, type ActionTeam } from "@/tests/support/action-team";
import { clusterOf } from "@/tests/sim/support/sim-harness";

/**
 * Setting a cluster's limits when the job engine cannot be reached: the limits are saved (and audited) before the
 * guard is asked to read them, so the answer is the saved limits, never an error after the change was made — with
 * whether the guardian has the cluster. A cluster it already follows has its next run queued and reads the new
 * limits then; a cluster launched elsewhere and followed from now on has no run yet, and the answer says so.
 */

vi.mock(
  "@/lib/accounts/server/session",
  async () => (await import("@/tests/support/action-mocks")).sessionMock,
);
vi.mock("next/cache", async () => (await import("@/tests/support/action-mocks")).cacheMock);
const engine = { down: false, scheduled: [] as unknown[] };
vi.mock("@/lib/server/jobs/process-engine", () => ({
  processEngine: async () => {
    if (engine.down) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
    return {
      boss: {
        createQueue: async () => undefined,
        send: async (_queue: string, data: unknown) => {
          engine.scheduled.push(data);
          return `job-${engine.scheduled.length}`;
        },
      },
    };
  },
}));

let t: ActionTeam<"owner" | "ada">;
let limits: typeof import("@/lib/limits/actions");

beforeAll(async () => {
  t = await actionTeam("engine.example", { owner: "owner", ada: "admin" });
  limits = await import("@/lib/limits/actions");
}, 120_000);

afterAll(async () => t?.close());

describe("limits while the job engine is unreachable", () => {
  it("are saved and say whether the guardian has the cluster", async () => {
    const { limitsOfCluster } = await import("@/lib/limits/server/cluster-limits");
    const { guardRef } = await import("@/lib/spend/server/tracked-clusters");
    const { getDb } = await import("@/lib/server/db/client");
    const db = await getDb();

    // Launched in the team's workspace from outside the console: nobody follows it yet.
    const created = await t.h.create(t.teamKey, { name: "outside" });
    expect(created.status).toBe(201);
    const id = clusterOf(created).id;
    acting.session = t.people.ada;

    engine.down = true;
    const first = await limits.setClusterLimits({ id, timeLimit: "2 h", budgetLimit: "" });
    expect(first).toMatchObject({ ok: true, data: { timeLimitMinutes: 120, guarded: false } });
    expect(await limitsOfCluster(db, guardRef(t.teamKeyId, id))).toMatchObject({ timeLimitMinutes: 120 });

    // Followed now: a change with the engine still down is saved, and the answer no longer warns (in production its
    // first run would be queued by a starting worker, which re-schedules every open guard).
    const second = await limits.setClusterLimits({ id, timeLimit: "3 h", budgetLimit: "40" });
    expect(second).toMatchObject({
      ok: true,
      data: { timeLimitMinutes: 180, budgetLimit: 40, guarded: true },
    });
    expect(await limitsOfCluster(db, guardRef(t.teamKeyId, id))).toMatchObject({
      timeLimitMinutes: 180,
      budgetLimit: 40,
    });
    expect(engine.scheduled).toEqual([]);

    // With the engine back, the change asks the guard to read it now.
    engine.down = false;
    const third = await limits.setClusterLimits({ id, timeLimit: "4 h", budgetLimit: "" });
    expect(third).toMatchObject({ ok: true, data: { timeLimitMinutes: 240, guarded: true } });
    expect(engine.scheduled).toEqual([{ scope: t.teamKeyId, clusterId: id }]);
  });
});
