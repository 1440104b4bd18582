import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/server/db/client";
import { startEngine, type Engine } from "@/lib/server/jobs/engine";
import { ensureGuardQueue, scheduleGuard } from "@/lib/limits/server/worker";
import { ensureDeliveryQueue } from "@/lib/notifications/server/delivery-queue";
import { setPrefs } from "@/lib/notifications/server/store";
import { createWebhook } from "@/lib/notifications/server/webhooks-store";
import { guardRef } from "@/lib/spend/server/tracked-clusters";
import { startSimulator, type RunningSimulator } from "@/sim/server";
import { createPostgresDatabase } from "../db/support/backends";
import { makeUser } from "../db/support/fixtures";
import { fundedKey, launchTracked, startWorker } from "../support/guardian-fixture";
import type { Proc } from "../support/proc";
import { startReceiver } from "./support/receivers";

/**
 * At most once across processes (the pattern of tests/guardian/two-workers.test.ts): two workers — the code every
 * app server runs — on one real Postgres observe 6 clusters come up and be terminated outside the console; one is
 * killed with SIGKILL on the way and started again. The webhook receiver answers 500 to the first three POSTs. In the
 * end it has taken each of the 12 events exactly once (one 200 per event, one delivery id per event).
 */

const ENC = Buffer.alloc(32, 11);
const N = 6;

describe("two workers on one Postgres deliver each event once", () => {
  let pg: { url: string; drop: () => Promise<void> };
  let database: Database;
  let sim: RunningSimulator;
  let engine: Engine;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const procs: Proc[] = [];

  beforeAll(async () => {
    pg = await createPostgresDatabase();
    database = await openDatabase({ url: pg.url });
    sim = await startSimulator({ speed: 120, rateLimit: 0 });
    engine = await startEngine(database, { supervise: false });
    await ensureGuardQueue(engine.boss);
    await ensureDeliveryQueue(engine.boss);
    receiver = await startReceiver([500, 500, 500]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await engine?.stop();
    await receiver?.close();
    await sim?.close();
    await database?.close();
    await pg?.drop();
  });

  function worker(name: string): Proc {
    const p = startWorker(name, {
      databaseUrl: pg.url,
      sim,
      enc: ENC,
      env: {
        CLUSTERDECK_GUARD_INTERVAL_MS: "2000",
        CLUSTERDECK_GUARD_POLL_SECONDS: "0.5",
        WEBHOOK_ALLOW_PRIVATE: "1",
        NOTIFY_RETRY_BASE_MS: "500",
        NODE_OPTIONS: "",
      },
    });
    procs.push(p);
    return p;
  }

  it("ready and terminated for 6 clusters: 12 events, each taken once, through a SIGKILL and a restart", async () => {
    const { db } = database;
    const user = await makeUser(db);
    await setPrefs(db, user.id, { inbox: [], email: [], balanceLowHours: 2 });
    const hook = await createWebhook(
      db,
      user.id,
      { url: receiver.url, events: ["cluster-ready", "cluster-terminated"], format: "json" },
      { current: ENC, previous: [] },
    );
    if ("error" in hook) throw new Error(hook.error);
    const { apiKey, keyId } = await fundedKey(db, sim, {
      userId: user.id,
      enc: ENC,
      tag: "notifytwo",
      credits: 1_000_000,
    });
    const clusters = await launchTracked(db, sim, { apiKey, userId: user.id, keyId, count: N, prefix: "n" });
    const ids = clusters.map((c) => c.id);
    for (const id of ids) await scheduleGuard(engine.boss, guardRef(keyId, id));

    let a = worker("notify-a");
    worker("notify-b");
    const ok = (event: string) =>
      receiver.received.filter(
        (r) => r.status === 200 && (JSON.parse(r.body) as { event: string }).event === event,
      );
    await expect.poll(() => ok("cluster-ready").length, { timeout: 90_000, interval: 500 }).toBe(N);

    process.kill(-a.child.pid!, "SIGKILL");
    a = worker("notify-a2");
    // Terminated outside the console (the API directly): each guard sees it end.
    for (const id of ids) {
      const res = await fetch(`${sim.apiUrl}/clusters/${id}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(res.ok).toBe(true);
    }
    await expect.poll(() => ok("cluster-terminated").length, { timeout: 120_000, interval: 500 }).toBe(N);
    // Every chance for a duplicate to arrive.
    await sleep(6_000);

    type Body = { id: string; event: string; event_key: string; cluster: { id: string } };
    const bodies = receiver.received.map((r) => ({ ...(JSON.parse(r.body) as Body), status: r.status }));
    for (const event of ["cluster-ready", "cluster-terminated"]) {
      const taken = bodies.filter((b) => b.status === 200 && b.event === event);
      expect(taken).toHaveLength(N);
      expect(new Set(taken.map((b) => b.cluster.id))).toEqual(new Set(ids));
    }
    // One delivery id per event, however many attempts it took.
    const idsPerEvent = new Map<string, Set<string>>();
    for (const b of bodies)
      idsPerEvent.set(b.event_key, (idsPerEvent.get(b.event_key) ?? new Set()).add(b.id));
    expect(idsPerEvent.size).toBe(2 * N);
    expect([...idsPerEvent.values()].every((s) => s.size === 1)).toBe(true);
    expect(receiver.received.filter((r) => r.status === 500)).toHaveLength(3);
  }, 240_000);
});
