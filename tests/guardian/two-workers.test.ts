import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listAudit } from "@/lib/audit/server/audit-log";
import { openDatabase, type Database } from "@/lib/server/db/client";
import { setLimits } from "@/lib/limits/server/cluster-limits";
import { guardRef } from "@/lib/spend/server/tracked-clusters";
import { clusterLimits } from "@/lib/server/db/schema";
import { startEngine, type Engine } from "@/lib/server/jobs/engine";
import { ensureGuardQueue, GUARD_QUEUE, scheduleGuard } from "@/lib/limits/server/worker";
import { startSimulator, type RunningSimulator } from "@/sim/server";
import { inArray } from "drizzle-orm";
import { createPostgresDatabase } from "../db/support/backends";
import { makeUser } from "../db/support/fixtures";
import { fundedKey, launchTracked, startWorker } from "../support/guardian-fixture";
import type { Proc } from "../support/proc";

/**
 * Exactly once across processes: two guardian workers (`npm run worker`'s entry, the code an app server runs in
 * itself) on one real Postgres, 20 guarded clusters that came up a minute ago. One worker is killed with SIGKILL once
 * both are reading the clusters, and started again; then the clusters' time limits are shortened to one minute,
 * which all of them passed seconds ago, so every limit is due at once on the surviving and the restarted worker.
 * Every limit fires once: 20 DELETEs on the simulator's stats, one per cluster, 20 audit entries.
 *
 * No waiting on the clock: the clusters' age comes from the simulator's clock (set back while they launch), and the
 * job engine's intervals (guard cadence, a lost run's expiry and retry, pg-boss's supervision) from the guardian's
 * configuration, shortened here; the test waits for conditions.
 */

const ENC = Buffer.alloc(32, 9);
const N = 20;
/** How long ago the clusters were launched, in the simulator's time: their billing began about this long ago. */
const AGE_SECONDS = 58;
const JOB_ENV = {
  CLUSTERDECK_GUARD_INTERVAL_MS: "2000",
  CLUSTERDECK_GUARD_POLL_SECONDS: "0.5",
  CLUSTERDECK_GUARD_EXPIRE_SECONDS: "10",
  CLUSTERDECK_GUARD_RETRY_SECONDS: "1",
  CLUSTERDECK_JOB_SUPERVISE_SECONDS: "2",
};

describe("two guardian workers on one Postgres", () => {
  let pg: { url: string; drop: () => Promise<void> };
  let database: Database;
  let sim: RunningSimulator;
  let engine: Engine;
  const procs: Proc[] = [];

  beforeAll(async () => {
    pg = await createPostgresDatabase();
    database = await openDatabase({ url: pg.url });
    sim = await startSimulator({ speed: 120, rateLimit: 0 });
    // The queue is created here first, with the workers' settings.
    for (const [k, v] of Object.entries(JOB_ENV)) vi.stubEnv(k, v);
    engine = await startEngine(database, { supervise: false });
    await ensureGuardQueue(engine.boss);
  }, 60_000);
  afterAll(async () => {
    vi.unstubAllEnvs();
    await Promise.all(procs.map((p) => p.stop()));
    await engine?.stop();
    await sim?.close();
    await database?.close();
    await pg?.drop();
  });

  function worker(name: string): Proc {
    const p = startWorker(name, {
      databaseUrl: pg.url,
      sim,
      enc: ENC,
      env: { ...JOB_ENV, NODE_OPTIONS: "" },
    });
    procs.push(p);
    return p;
  }

  it("fires each of 20 limits exactly once through a SIGKILL and a restart", async () => {
    const { db } = database;
    const user = await makeUser(db);
    // Launched AGE_SECONDS ago: the simulator's clock is set back for the launch and then catches up, so each
    // cluster is running and billed since about then.
    sim.clock.advance(-AGE_SECONDS);
    const { apiKey, keyId } = await fundedKey(db, sim, {
      userId: user.id,
      enc: ENC,
      tag: "twoworkers",
      credits: 1_000_000,
    });
    const launched = await launchTracked(db, sim, { apiKey, userId: user.id, keyId, count: N, prefix: "g" });
    sim.clock.advance(AGE_SECONDS);
    const ids: string[] = [];
    for (const c of launched) {
      // Far enough off that nothing fires while the workers start.
      await setLimits(db, guardRef(keyId, c.id), { timeLimitMinutes: 5, budgetLimit: null });
      ids.push(c.id);
    }
    for (const id of ids) await scheduleGuard(engine.boss, guardRef(keyId, id));

    let a = worker("worker-a");
    worker("worker-b");
    // Both are reading the clusters: every one has been read a few times.
    const reads = () => {
      const byPath = new Map<string, number>();
      for (const r of sim.state.stats.out().requests)
        if (r.path === "GET /clusters/{id}") {
          const p = r.concrete_path.split("?")[0]!;
          byPath.set(p, (byPath.get(p) ?? 0) + 1);
        }
      return ids.map((id) => [...byPath].find(([p]) => p.endsWith(`/${id}`))?.[1] ?? 0);
    };
    await expect
      .poll(() => Math.min(...reads()), { timeout: 120_000, interval: 250 })
      .toBeGreaterThanOrEqual(3);
    const exited = once(a.child, "exit");
    process.kill(-a.child.pid!, "SIGKILL");
    await exited;
    a = worker("worker-a2");
    // Every limit is now due: one minute, and the clusters have been up for about AGE_SECONDS and the reads above.
    for (const id of ids)
      await setLimits(db, guardRef(keyId, id), { timeLimitMinutes: 1, budgetLimit: null });

    await expect
      .poll(
        async () => {
          const rows = await db
            .select({ state: clusterLimits.state })
            .from(clusterLimits)
            .where(inArray(clusterLimits.clusterId, ids));
          return rows.filter((r) => r.state === "enforced").length;
        },
        { timeout: 150_000, interval: 500 },
      )
      .toBe(N);
    // Give a lost duplicate every chance to show up: wait until every guard has finished (no run of it queued,
    // retrying or running), so no run is left that could still send a DELETE.
    await expect
      .poll(
        async () =>
          (await engine.boss.findJobs<{ clusterId: string }>(GUARD_QUEUE, { limit: 100_000 })).filter(
            (j) => ["created", "retry", "active"].includes(j.state) && ids.includes(j.data.clusterId),
          ).length,
        { timeout: 150_000, interval: 500 },
      )
      .toBe(0);
    const deletes = sim.state.stats.out().requests.filter((r) => r.path === "DELETE /clusters/{id}");
    expect(deletes).toHaveLength(N);
    expect(new Set(deletes.map((d) => d.concrete_path.split("?")[0])).size).toBe(N);
    const audit = (await listAudit(db, user.id)).filter((e) => e.action === "auto-terminate");
    expect(audit).toHaveLength(N);
    expect(new Set(audit.map((e) => e.clusterId))).toEqual(new Set(ids));
  }, 240_000);
});
