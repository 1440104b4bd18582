import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/server/db/client";
import { getTracked, trackCluster } from "@/lib/spend/server/tracked-clusters";
import { limitsOfCluster, setLimits } from "@/lib/limits/server/cluster-limits";
import { addKey } from "@/lib/keys/server/runcrate-keys";
import { guardLaunchedCluster } from "@/lib/limits/server/worker";
import { startSimulator, type RunningSimulator } from "@/sim/server";
import { BACKENDS } from "../db/support/backends";
import { makeUser } from "../db/support/fixtures";
import { fundedKey, launchTracked } from "../support/guardian-fixture";

/**
 * Runcrate's cluster ids need not be unique across workspaces: on the simulator's numeric-ids variant each workspace
 * counts from 101. Alice launches cluster 101 with a one-hour limit; Bob, another user with another key, launches
 * his own 101 with a one-minute limit. Bob's launch must not touch Alice's limits (the guardian would terminate her
 * cluster at his limit, with her key): it is reported as not guarded, and Alice's row and limits stay hers.
 */

const ENC = Buffer.alloc(32, 4);
const database: { current: Database | null } = { current: null };

describe("a cluster id that repeats across workspaces", () => {
  let sim: RunningSimulator;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database: database.current, dispose } = await BACKENDS[0]!.create());
    sim = await startSimulator({ speed: 60, rateLimit: 0, variants: ["numeric-ids"] });
  });
  afterAll(async () => {
    await sim?.close();
    await dispose?.();
  });

  it("another user's launch with the same id is not guarded and leaves the first user's limits alone", async () => {
    const db = database.current!.db;
    const alice = await makeUser(db);
    const bob = await makeUser(db);
    const a = await fundedKey(db, sim, { userId: alice.id, enc: ENC, tag: "alice", credits: 1_000 });
    const b = await fundedKey(db, sim, { userId: bob.id, enc: ENC, tag: "bob", credits: 1_000 });

    // Alice's launch: tracked for her key, with her limit (what guardLaunchedCluster stores for her).
    const [hers] = await launchTracked(db, sim, { ...a, userId: alice.id, count: 1, prefix: "alice-" });
    await setLimits(db, String(hers!.id), { timeLimitMinutes: 60, budgetLimit: null });

    // Bob's own cluster comes back with the same id in his workspace.
    const res = await fetch(`${sim.apiUrl}/clusters`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${b.apiKey}`,
        "content-type": "application/json",
        "idempotency-key": `bob-${Date.now()}`,
      },
      body: JSON.stringify({
        offer_id: "h100-sxm-8x-ib-dallas",
        node_count: 2,
        name: "bob-0",
        stack: "none",
      }),
    });
    expect(res.status).toBe(201);
    const his = ((await res.json()) as { data: { id: string | number; name: string; status: string } }).data;
    const id = String(his.id);
    expect(id).toBe("101");
    expect(String(hers!.id)).toBe(id);

    const guarded = await guardLaunchedCluster(
      db,
      {
        userId: bob.id,
        keyId: b.keyId,
        environment: null,
        cluster: { id, name: his.name, status: his.status },
      },
      { timeLimitMinutes: 1, budgetLimit: null },
    );
    expect(guarded).toBe(false);
    expect(await getTracked(db, id)).toMatchObject({ userId: alice.id, keyId: a.keyId, name: hers!.name });
    expect(await limitsOfCluster(db, id, alice.id)).toMatchObject({ timeLimitMinutes: 60 });

    // The same user through another key is another workspace too; through the same key, the row is theirs.
    const other = await addKey(
      db,
      alice.id,
      { label: "second", environment: null, apiKey: `rc_live_${"9".repeat(40)}` },
      { current: ENC, previous: [] },
    );
    if (!other.ok) throw new Error("the second key was not stored");
    const row = { clusterId: id, userId: alice.id, name: "x", environment: null, status: "running" };
    expect(await trackCluster(db, { ...row, keyId: other.key.id })).toBe(false);
    expect(await trackCluster(db, { ...row, keyId: a.keyId })).toBe(true);
  });
});
