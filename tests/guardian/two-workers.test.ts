import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "@/lib/server/db/audit-log";
import { openDatabase, type Database } from "@/lib/server/db/client";
import { setLimits } from "@/lib/server/db/limits-ledger";
import { clusterLimits } from "@/lib/server/db/schema";
import { startEngine, type Engine } from "@/lib/server/jobs/engine";
import { ensureGuardQueue, scheduleGuard } from "@/lib/server/guardian/worker";
import { startSimulator, type RunningSimulator } from "@/sim/server";
import { inArray } from "drizzle-orm";
import { createPostgresDatabase } from "../db/support/backends";
import { makeUser } from "../db/support/fixtures";
import { fundedKey, launchTracked, startWorker } from "../support/guardian-fixture";
import type { Proc } from "../support/proc";

/**
 * Exactly once across processes: two guardian workers (`npm run worker`'s entry, the code an app server runs in
 * itself) on one real Postgres, 20 guarded clusters whose 1-minute time limits end in the same minute. One worker
 * is killed with SIGKILL after the limits are scheduled and started again. Every limit fires once: 20 DELETEs on
 * the simulator's stats, one per cluster, 20 audit entries.
 */

const ENC = Buffer.alloc(32, 9);
const N = 20;

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
    engine = await startEngine(database, { supervise: false });
    await ensureGuardQueue(engine.boss);
  }, 60_000);
  afterAll(async () => {
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
      env: { CLUSTERDECK_GUARD_INTERVAL_MS: "5000", CLUSTERDECK_GUARD_POLL_SECONDS: "0.5", NODE_OPTIONS: "" },
    });
    procs.push(p);
    return p;
  }

  it("fires each of 20 limits exactly once through a SIGKILL and a restart", async () => {
    const { db } = database;
    const user = await makeUser(db);
    const { apiKey, keyId } = await fundedKey(db, sim, {
      userId: user.id,
      enc: ENC,
      tag: "twoworkers",
      credits: 1_000_000,
    });
    const ids: string[] = [];
    for (const c of await launchTracked(db, sim, { apiKey, userId: user.id, keyId, count: N, prefix: "g" })) {
      await setLimits(db, c.id, { timeLimitMinutes: 1, budgetLimit: null });
      ids.push(c.id);
    }
    for (const id of ids) await scheduleGuard(engine.boss, id);

    let a = worker("worker-a");
    worker("worker-b");
    // Both have read the clusters a few times; the limits end about a minute after the clusters came up.
    await sleep(40_000);
    process.kill(-a.child.pid!, "SIGKILL");
    await sleep(2_000);
    a = worker("worker-a2");

    await expect
      .poll(
        async () => {
          const rows = await db
            .select({ state: clusterLimits.state })
            .from(clusterLimits)
            .where(inArray(clusterLimits.clusterId, ids));
          return rows.filter((r) => r.state === "enforced").length;
        },
        { timeout: 150_000, interval: 1_000 },
      )
      .toBe(N);
    // Give a lost duplicate every chance to show up.
    await sleep(6_000);
    const deletes = sim.state.stats.out().requests.filter((r) => r.path === "DELETE /clusters/{id}");
    expect(deletes).toHaveLength(N);
    expect(new Set(deletes.map((d) => d.concrete_path.split("?")[0])).size).toBe(N);
    const audit = (await listAudit(db, user.id)).filter((e) => e.action === "auto-terminate");
    expect(audit).toHaveLength(N);
    expect(new Set(audit.map((e) => e.clusterId))).toEqual(new Set(ids));
  }, 240_000);
});
