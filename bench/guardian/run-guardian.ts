/**
 * The guardian bench's driver (run by bench/sections/guardian.ts under tsx with the react-server condition, so the
 * server's data layer loads): a fresh database on the test Postgres, the simulator in this process (fast lifecycle),
 * N guarded clusters whose time limits end in the same minute, and one guardian worker process (scripts/worker.ts,
 * the code an app server runs in itself) at the production interval. Prints one JSON line of figures.
 */
import { eq, inArray } from "drizzle-orm";
import { openDatabase } from "@/lib/server/db/client";
import { setLimits } from "@/lib/limits/server/cluster-limits";
import { clusterLimits, trackedClusters } from "@/lib/server/db/schema";
import { createUser } from "@/lib/accounts/server/users";
import { startEngine } from "@/lib/server/jobs/engine";
import { ensureGuardQueue, scheduleGuard } from "@/lib/limits/server/worker";
import { startSimulator } from "@/sim/server";
import { createPostgresDatabase } from "../../tests/db/support/backends";
import { fundedKey, launchTracked, startWorker } from "../../tests/support/guardian-fixture";
import { processTree, rssMb, sleep } from "../../tests/support/proc";

const N = Number(process.env.BENCH_GUARDS ?? 500);
const INTERVAL_MS = Number(process.env.BENCH_GUARD_INTERVAL_MS ?? 30_000);
const LIMIT_MIN = Number(process.env.BENCH_GUARD_LIMIT_MIN ?? 3);
const ENC = Buffer.alloc(32, 5);

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
}

async function main() {
  const pg = await createPostgresDatabase();
  const database = await openDatabase({ url: pg.url });
  const sim = await startSimulator({ speed: 60, rateLimit: 0 });
  const engine = await startEngine(database, { supervise: false });
  await ensureGuardQueue(engine.boss);
  const { db } = database;
  const created = await createUser(db, {
    email: `bench-${Date.now()}@example.com`,
    name: null,
    passwordHash: null,
  });
  if (!created.ok) throw new Error("user");
  const { apiKey, keyId } = await fundedKey(db, sim, {
    userId: created.user.id,
    enc: ENC,
    tag: "benchguardian",
    credits: 1e9,
  });
  const ids: string[] = [];
  for (const c of await launchTracked(db, sim, {
    apiKey,
    userId: created.user.id,
    keyId,
    count: N,
    prefix: "g",
  })) {
    await setLimits(db, c.id, { timeLimitMinutes: LIMIT_MIN, budgetLimit: null });
    ids.push(c.id);
  }
  for (const id of ids) await scheduleGuard(engine.boss, id);

  const worker = startWorker("worker", {
    databaseUrl: pg.url,
    sim,
    enc: ENC,
    env: { CLUSTERDECK_GUARD_INTERVAL_MS: String(INTERVAL_MS) },
  });
  const rss: number[] = [];
  const sampler = setInterval(() => {
    // tsx runs the script in a child node process: the largest process of the tree is the worker.
    const pids = worker.child.pid ? processTree(worker.child.pid) : [];
    rss.push(Math.max(0, ...pids.map((p) => rssMb(p) ?? 0)));
  }, 1_000);

  // One steady interval well before the limits end: reads of guarded clusters per interval.
  await sleep(INTERVAL_MS + 10_000);
  sim.state.stats.reset();
  await sleep(INTERVAL_MS);
  const reads = sim.state.stats.out().requests.filter((r) => r.path === "GET /clusters/{id}").length;

  const deadline = Date.now() + LIMIT_MIN * 60_000 + INTERVAL_MS * 3;
  let enforced = 0;
  while (Date.now() < deadline) {
    const rows = await db
      .select({ state: clusterLimits.state })
      .from(clusterLimits)
      .where(inArray(clusterLimits.clusterId, ids));
    enforced = rows.filter((r) => r.state === "enforced").length;
    if (enforced === N) break;
    await sleep(1_000);
  }
  clearInterval(sampler);
  const late: number[] = [];
  const rows = await db
    .select({ billedSince: trackedClusters.billedSince, enforcedAt: clusterLimits.enforcedAt })
    .from(clusterLimits)
    .innerJoin(trackedClusters, eq(trackedClusters.clusterId, clusterLimits.clusterId))
    .where(inArray(clusterLimits.clusterId, ids));
  for (const r of rows)
    if (r.billedSince && r.enforcedAt)
      late.push((r.enforcedAt.getTime() - r.billedSince.getTime() - LIMIT_MIN * 60_000) / 1000);
  const deletes = sim.state.stats.out().requests.filter((r) => r.path === "DELETE /clusters/{id}").length;
  console.log(
    JSON.stringify({
      guards: N,
      intervalMs: INTERVAL_MS,
      readsInOneInterval: reads,
      readsPerGuardPerInterval: reads / N,
      enforced,
      deletes,
      latenessP50s: pct(late, 50),
      latenessP99s: pct(late, 99),
      workerRssPeakMb: Math.max(...rss),
    }),
  );
  if (enforced < N) console.error(`worker output:\n${worker.output().slice(-4000)}`);
  await worker.stop();
  await engine.stop();
  await sim.close();
  await database.close();
  await pg.drop();
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exit(1);
  },
);
