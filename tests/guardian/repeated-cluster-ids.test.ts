import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listAudit } from "@/lib/audit/server/audit-log";
import type { Database } from "@/lib/server/db/client";
import { getTracked, guardRef, trackCluster } from "@/lib/spend/server/tracked-clusters";
import { limitsOfCluster } from "@/lib/limits/server/cluster-limits";
import { addKey } from "@/lib/keys/server/runcrate-keys";
import { runGuard, type GuardDeps } from "@/lib/limits/server/guard";
import { guardLaunchedCluster } from "@/lib/limits/server/worker";
import { createRuncrateClient } from "@/lib/runcrate/server/client";
import { forgetCoalescedReads } from "@/lib/runcrate/server/coalesce";
import { BACKENDS } from "../db/support/backends";
import { makeUser, SECRET } from "../db/support/fixtures";
import { startHarness, type Harness } from "../sim/support/sim-harness";

/**
 * Runcrate's cluster ids need only be unique within a workspace: on the simulator's numeric-ids variant each workspace
 * counts from 101. Alice launches her 101 with a one-hour limit; Bob, with his own key, launches his 101 with a
 * one-minute limit. Both are guarded, each under the key it was launched through: Bob's cluster ends at his limit,
 * with his key; Alice's runs on to hers.
 */

const scheduled: unknown[] = [];
vi.mock("@/lib/server/jobs/process-engine", () => ({
  processEngine: async () => ({
    boss: {
      createQueue: async () => undefined,
      send: async (_queue: string, data: unknown, options: { singletonKey: string }) => {
        scheduled.push({ data, singletonKey: options.singletonKey });
        return `job-${scheduled.length}`;
      },
    },
  }),
}));

describe.each(BACKENDS)("a cluster id that repeats across workspaces, on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let h: Harness;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
    h = await startHarness({ variants: ["numeric-ids"] });
  });
  afterAll(async () => {
    await h?.close();
    await dispose?.();
  });

  async function person() {
    const db = database.db;
    const user = await makeUser(db);
    const apiKey = h.newKey();
    const added = await addKey(db, user.id, { label: "main", environment: null, apiKey }, SECRET);
    if (!added.ok) throw new Error("key");
    await h.control.setBalance(apiKey, 100_000);
    return { user, apiKey, keyId: added.key.id };
  }

  it("each user's cluster is guarded under their own key and ends at their own limit", async () => {
    const db = database.db;
    const [alice, bob] = [await person(), await person()];
    const hers = await h.createReady(alice.apiKey, { name: "alice-train", stack: "none" });
    const his = await h.createReady(bob.apiKey, { name: "bob-train", stack: "none" });
    expect(String(hers.id)).toBe(String(his.id));
    const id = String(his.id);

    const launched = (who: typeof alice, cluster: typeof hers, minutes: number) =>
      guardLaunchedCluster(
        db,
        { userId: who.user.id, keyId: who.keyId, environment: null, cluster: { ...cluster, id } },
        { timeLimitMinutes: minutes, budgetLimit: null },
      );
    scheduled.length = 0;
    expect(await launched(alice, hers, 60)).toBe(true);
    expect(await launched(bob, his, 1)).toBe(true);
    // One guard job each, neither standing in for the other.
    expect(scheduled).toEqual([
      { data: { scope: alice.keyId, clusterId: id }, singletonKey: `${alice.keyId}:${id}` },
      { data: { scope: bob.keyId, clusterId: id }, singletonKey: `${bob.keyId}:${id}` },
    ]);

    const [refA, refB] = [guardRef(alice.keyId, id), guardRef(bob.keyId, id)];
    expect(await getTracked(db, refA)).toMatchObject({ userId: alice.user.id, name: "alice-train" });
    expect(await getTracked(db, refB)).toMatchObject({ userId: bob.user.id, name: "bob-train" });
    expect(await limitsOfCluster(db, refA, alice.user.id)).toMatchObject({ timeLimitMinutes: 60 });
    expect(await limitsOfCluster(db, refB, bob.user.id)).toMatchObject({ timeLimitMinutes: 1 });
    // Neither reads the other's limits through the shared id.
    expect(await limitsOfCluster(db, refA, bob.user.id)).toBeNull();

    const keys = new Map([alice, bob].map((p) => [p.keyId, p.apiKey]));
    const d: GuardDeps = {
      db,
      now: () => h.control.now(),
      intervalMs: 30_000,
      clientFor: async (keyId) => {
        const apiKey = keys.get(keyId);
        if (!apiKey) return null;
        return {
          key: { id: keyId, label: "main", environment: null },
          client: createRuncrateClient({ apiKey, baseUrl: h.sim.apiUrl, retryBaseDelayMs: 5 }),
        };
      },
    };

    // Two minutes on: Bob's minute is over, Alice's hour is not.
    await h.control.advance(120);
    forgetCoalescedReads();
    expect((await runGuard(d, refB)).outcome).toBe("enforced");
    expect((await runGuard(d, refA)).outcome).toBe("observed");
    expect((await h.getCluster(bob.apiKey, id)).status).toMatch(/terminat/);
    expect((await h.getCluster(alice.apiKey, id)).status).toBe("ready");
    expect((await limitsOfCluster(db, refA))?.state).toBe("watching");

    // An hour on, Alice's ends too, through her key.
    await h.control.advance(60 * 60);
    forgetCoalescedReads();
    expect((await runGuard(d, refA)).outcome).toBe("enforced");
    expect((await h.getCluster(alice.apiKey, id)).status).toMatch(/terminat/);
    const endedBy = async (userId: string) =>
      (await listAudit(db, userId))
        .filter((e) => e.action === "auto-terminate")
        .map((e) => [e.clusterId, e.clusterName]);
    expect(await endedBy(alice.user.id)).toEqual([[id, "alice-train"]]);
    expect(await endedBy(bob.user.id)).toEqual([[id, "bob-train"]]);
  });

  it("the same person through a second key on a running cluster of that id is not followed twice", async () => {
    const db = database.db;
    const alice = await person();
    const cluster = await h.createReady(alice.apiKey, { name: "twice" });
    const second = await addKey(
      db,
      alice.user.id,
      { label: "second", environment: null, apiKey: h.newKey() },
      SECRET,
    );
    if (!second.ok) throw new Error("the second key was not stored");
    const row = { clusterId: String(cluster.id), userId: alice.user.id, name: "twice", environment: null };
    expect(await trackCluster(db, { ...row, keyId: alice.keyId, status: "ready" })).toBe(true);
    // Most likely the same workspace reached twice: its limits and spend would count twice.
    expect(await trackCluster(db, { ...row, keyId: second.key.id, status: "ready" })).toBe(false);
    expect(await getTracked(db, guardRef(second.key.id, row.clusterId))).toBeNull();
    // Through the key it is followed under, the row is still theirs.
    expect(await trackCluster(db, { ...row, keyId: alice.keyId, status: "ready" })).toBe(true);
  });
});
