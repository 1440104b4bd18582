import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { acting } from "@/tests/support/action-mocks";
import { actionTeam, type ActionTeam } from "@/tests/support/action-team";

/**
 * Limits are kept per key a cluster is followed through, through the real launch and limits actions against the
 * simulator (numeric ids, so each workspace counts from 101), on Postgres. A person works in their team's workspace,
 * then in their own: their own 101 is another cluster, and its limits are never the team cluster's. Because the same
 * person following the same running id through a second key may be one workspace reached twice, that second key's
 * limits are refused with a reason rather than counted twice; switching back, the team cluster's limits are theirs.
 */

vi.mock(
  "@/lib/accounts/server/session",
  async () => (await import("@/tests/support/action-mocks")).sessionMock,
);
vi.mock("next/cache", async () => (await import("@/tests/support/action-mocks")).cacheMock);
// The guard's job queue is not what is tested (tests/guardian/two-workers.test.ts is): its jobs are only recorded.
const scheduled: unknown[] = [];
vi.mock("@/lib/server/jobs/process-engine", () => ({
  processEngine: async () => ({
    boss: {
      createQueue: async () => undefined,
      send: async (_queue: string, data: unknown) => {
        scheduled.push(data);
        return `job-${scheduled.length}`;
      },
    },
  }),
}));

let t: ActionTeam<"owner" | "ada">;
let launch: typeof import("@/lib/launch/actions");
let limits: typeof import("@/lib/limits/actions");
let db: import("@/lib/server/db/client").Db;

beforeAll(async () => {
  t = await actionTeam("keys.example", { owner: "owner", ada: "member" });
  launch = await import("@/lib/launch/actions");
  limits = await import("@/lib/limits/actions");
  db = await (await import("@/lib/server/db/client")).getDb();
  await t.h.control.variants(["numeric-ids"], t.teamKey);
}, 120_000);

afterAll(async () => t?.close());

function launched(name: string, timeLimit: string) {
  acting.session = t.people.ada;
  return launch.launchCluster({
    offerId: "h100-sxm-8x-ib-dallas",
    idempotencyKey: randomUUID(),
    limits: { timeLimit, budgetLimit: "" },
    values: { name, node_count: 2, stack: "none", ssh_key_ids: [], storage_id: "", include_community: false },
  });
}

describe("limits through one key and another", () => {
  it("keep the team cluster's limits apart from the same id in a person's own workspace", async () => {
    const { addKey } = await import("@/lib/keys/server/runcrate-keys");
    const { keyRing } = await import("@/lib/server/crypto/key-ring");
    const { chooseTeam, personalTeam } = await import("@/lib/teams/server/teams-store");
    const { limitsOfCluster } = await import("@/lib/limits/server/cluster-limits");
    const { guardRef } = await import("@/lib/spend/server/tracked-clusters");

    const inTeam = await launched("team-run", "2 h");
    if (!inTeam.ok) throw new Error(inTeam.error);
    const id = inTeam.data.id;
    expect(inTeam.data).toMatchObject({ id: "101", guarded: true });

    // Ada's own key: another workspace, whose first cluster is 101 too.
    const ownKey = t.h.newKey();
    await t.h.control.variants(["numeric-ids"], ownKey);
    await t.h.control.setBalance(ownKey, 100_000);
    const stored = await addKey(
      db,
      t.people.ada.id,
      { label: "own", environment: null, apiKey: ownKey },
      keyRing(),
    );
    if (!stored.ok) throw new Error("own key");
    await chooseTeam(db, t.people.ada.id, (await personalTeam(db, t.people.ada.id)).teamId);
    const own = await launched("own-run", "1 h");
    if (!own.ok) throw new Error(own.error);
    expect(own.data).toMatchObject({ id, guarded: false });

    // Limits asked through the own key: refused with the reason; the team cluster's limits are untouched.
    acting.session = t.people.ada;
    expect(await limits.setClusterLimits({ id, timeLimit: "10 min", budgetLimit: "" })).toMatchObject({
      ok: false,
      kind: "conflict",
      error:
        "This cluster's limits are followed through another of your keys. Switch to that key to change them.",
    });
    expect(await limits.extendClusterAction({ id, minutes: 60 })).toMatchObject({
      ok: false,
      error: "This cluster has no limit to extend.",
    });
    expect(await limitsOfCluster(db, guardRef(t.teamKeyId, id))).toMatchObject({ timeLimitMinutes: 120 });
    expect(await limitsOfCluster(db, guardRef(stored.key.id, id))).toBeNull();

    // Back in the team, the same id is the team cluster, and its limits are Ada's to change.
    await chooseTeam(db, t.people.ada.id, t.teamId);
    expect(await limits.setClusterLimits({ id, timeLimit: "3 h", budgetLimit: "" })).toMatchObject({
      ok: true,
      data: { timeLimitMinutes: 180 },
    });
    expect(await limitsOfCluster(db, guardRef(t.teamKeyId, id))).toMatchObject({ timeLimitMinutes: 180 });
    // Every guard job scheduled was the team cluster's.
    expect(new Set(scheduled.map((d) => JSON.stringify(d)))).toEqual(
      new Set([JSON.stringify({ scope: t.teamKeyId, clusterId: id })]),
    );
  });
});
