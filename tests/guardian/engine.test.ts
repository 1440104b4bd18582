import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listAudit } from "@/lib/audit/server/audit-log";
import type { Database } from "@/lib/server/db/client";
import { limitsOfCluster, setLimits } from "@/lib/limits/server/cluster-limits";
import { guardRef, trackCluster } from "@/lib/spend/server/tracked-clusters";
import { addKey } from "@/lib/keys/server/runcrate-keys";
import { startEngine, type Engine } from "@/lib/server/jobs/engine";
import { scheduleGuard, startGuardWorker } from "@/lib/limits/server/worker";
import type { Cluster } from "@/lib/runcrate/schemas";
import { startSimulator, type RunningSimulator } from "@/sim/server";
import { BACKENDS } from "../db/support/backends";
import { makeUser, SECRET } from "../db/support/fixtures";

/**
 * pg-boss itself on both databases: on PGlite through pg-boss's PGlite adapter on the app's one instance, on Postgres
 * with its own pool. A guarded cluster with a small budget is terminated by the worker with nobody watching.
 * Real time: the simulator runs fast (SIM speed), the guard interval is a second.
 */

vi.mock("@/lib/server/crypto/key-ring", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/crypto/key-ring")>()),
  keyRing: () => SECRET,
}));

describe.each(BACKENDS)("the job engine on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let sim: RunningSimulator;
  let engine: Engine;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
    sim = await startSimulator({ speed: 120, rateLimit: 0 });
    engine = await startEngine(database);
    await startGuardWorker(engine, database.db, { intervalMs: 1_000, pollSeconds: 0.5, baseUrl: sim.apiUrl });
  }, 60_000);
  afterAll(async () => {
    await engine.stop();
    await sim.close();
    await dispose();
  });

  async function api<T>(key: string, method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${sim.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        "idempotency-key": `t-${Math.random()}`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return ((await res.json()) as { data: T }).data;
  }

  it("terminates a cluster at its budget with no page open, once", async () => {
    const { db } = database;
    const user = await makeUser(db);
    const apiKey = `rc_live_${Math.random().toString(36).slice(2)}${Date.now()}`;
    const added = await addKey(db, user.id, { label: "team", environment: null, apiKey }, SECRET);
    if (!added.ok) throw new Error("key");
    const cluster = await api<Cluster>(apiKey, "POST", "/clusters", {
      name: "budget",
      offer_id: "h100-sxm-8x-ib-dallas",
      node_count: 2,
      stack: "none",
    });
    await trackCluster(db, {
      clusterId: cluster.id,
      userId: user.id,
      keyId: added.key.id,
      name: cluster.name,
      environment: null,
      status: cluster.status,
    });
    const ref = guardRef(added.key.id, cluster.id);
    // A few seconds of billing at this rate.
    const rate = cluster.hourly_rate_per_node * cluster.node_count;
    await setLimits(db, ref, {
      timeLimitMinutes: null,
      budgetLimit: Math.ceil(rate * (3 / 3600) * 100) / 100,
    });
    await scheduleGuard(engine.boss, ref);

    await expect
      .poll(async () => (await limitsOfCluster(db, ref))?.state, { timeout: 45_000, interval: 500 })
      .toBe("enforced");
    const after = await api<Cluster>(apiKey, "GET", `/clusters/${cluster.id}`);
    expect(after.status).toMatch(/terminat/);
    const deletes = sim.state.stats
      .out()
      .requests.filter((r) => r.path === "DELETE /clusters/{id}" && r.concrete_path.includes(cluster.id));
    expect(deletes).toHaveLength(1);
    const audit = (await listAudit(db, user.id)).filter((e) => e.clusterId === cluster.id);
    expect(audit.map((e) => e.detail)).toEqual(["auto-terminated: budget limit reached"]);
  }, 60_000);
});
