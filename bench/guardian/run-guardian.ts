/**
 * The guardian bench's driver (run by bench/sections/guardian.ts under tsx with the react-server condition, so the
 * server's data layer loads): a fresh database on the test Postgres, the simulator in this process (fast lifecycle),
 * N guarded clusters across teams with policies — half with time limits ending in the same minute, half in teams whose
 * budgets run out in the same minute and end them — and one guardian worker process (scripts/worker.ts, the code an
 * app server runs in itself) at the production interval. Prints one JSON line of figures.
 */
import { inArray } from "drizzle-orm";
import { openDatabase } from "@/lib/server/db/client";
import { setLimits } from "@/lib/limits/server/cluster-limits";
import { guardRef, sameRef } from "@/lib/spend/server/tracked-clusters";
import { clusterLimits, trackedClusters } from "@/lib/server/db/schema";
import { createUser } from "@/lib/accounts/server/users";
import { createTeam } from "@/lib/teams/server/teams-store";
import { addTeamKey } from "@/lib/keys/server/runcrate-keys";
import { setTeamPolicy } from "@/lib/policies/server/policy-store";
import { NO_POLICY } from "@/lib/policies/policy";
import { setTeamBudget } from "@/lib/budgets/server/budget-store";
import { teamClusters } from "@/lib/budgets/server/team-spend";
import { periodOf, type TeamBudget } from "@/lib/budgets/budget";
import { ledgerCost } from "@/lib/spend/ledger";
import { startEngine } from "@/lib/server/jobs/engine";
import { ensureGuardQueue, scheduleGuard } from "@/lib/limits/server/worker";
import { startSimulator } from "@/sim/server";
import { createPostgresDatabase } from "../../tests/support/postgres-database";
import { launchTracked, startWorker } from "../../tests/support/guardian-fixture";
import { simClient } from "../../tests/support/sim-client";
import { processTree, rssMb, sleep } from "../../tests/support/proc";

const N = Number(process.env.BENCH_GUARDS ?? 500);
const INTERVAL_MS = Number(process.env.BENCH_GUARD_INTERVAL_MS ?? 30_000);
const LIMIT_MIN = Number(process.env.BENCH_GUARD_LIMIT_MIN ?? 3);
const TEAMS = Number(process.env.BENCH_GUARD_TEAMS ?? 20);
/** The budgeted teams' budgets run out this many minutes after their clusters are billed. */
const BUDGET_MIN = Number(process.env.BENCH_GUARD_BUDGET_MIN ?? 3);
const ENC = Buffer.alloc(32, 5);

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
}

/**
 * `TEAMS` teams of `N / TEAMS` clusters each, with policies: the first half's clusters end at a time limit, the second
 * half's at a team budget (ended by the guardian where the team chose it) sized to run out after `BUDGET_MIN`.
 */
async function main() {
  const pg = await createPostgresDatabase();
  const database = await openDatabase({ url: pg.url });
  const sim = await startSimulator({ speed: 60, rateLimit: 0 });
  const engine = await startEngine(database, { supervise: false });
  await ensureGuardQueue(engine.boss);
  const { db } = database;
  const perTeam = Math.ceil(N / TEAMS);
  const timed: string[] = [];
  const budgeted: { teamId: string; cap: number; rate: number; ids: string[] }[] = [];
  for (let t = 0; t < TEAMS; t++) {
    const created = await createUser(db, {
      email: `bench-${t}-${Date.now()}@example.com`,
      name: null,
      passwordHash: null,
    });
    if (!created.ok) throw new Error("user");
    const { teamId } = await createTeam(db, created.user.id, `Bench ${t}`);
    const apiKey = `rc_live_${Date.now().toString(36)}benchteam${t}0123456789`;
    const stored = await addTeamKey(
      db,
      { teamId, userId: created.user.id },
      { label: "team", environment: null, apiKey },
      { current: ENC, previous: [] },
    );
    if (!stored.ok) throw new Error("key");
    await simClient(sim.url).setBalance(apiKey, 1e9);
    await setTeamPolicy(db, teamId, { ...NO_POLICY, maxNodes: 8, allowCommunity: true }, created.user.id);
    const clusters = await launchTracked(db, sim, {
      apiKey,
      userId: created.user.id,
      keyId: stored.key.id,
      count: Math.min(perTeam, N - t * perTeam),
      prefix: `t${t}-`,
    });
    const byBudget = t >= TEAMS / 2;
    if (!byBudget) {
      for (const c of clusters) {
        await setLimits(db, guardRef(stored.key.id, c.id), {
          timeLimitMinutes: LIMIT_MIN,
          budgetLimit: null,
        });
        timed.push(c.id);
      }
    } else {
      const rate = clusters.reduce((sum, c) => sum + c.hourly_rate_per_node * c.node_count, 0);
      const cap = Math.round(rate * (BUDGET_MIN / 60) * 100) / 100;
      const budget: TeamBudget = {
        period: "month",
        startDay: 1,
        teamDollars: cap,
        memberDollars: null,
        endRunning: true,
      };
      await setTeamBudget(db, teamId, budget, created.user.id);
      budgeted.push({ teamId, cap, rate, ids: clusters.map((c) => c.id) });
    }
    for (const c of clusters) await scheduleGuard(engine.boss, guardRef(stored.key.id, c.id));
  }
  const ids = [...timed, ...budgeted.flatMap((b) => b.ids)];

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

  const deadline = Date.now() + Math.max(LIMIT_MIN, BUDGET_MIN) * 60_000 + INTERVAL_MS * 4;
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
    .innerJoin(trackedClusters, sameRef(trackedClusters, clusterLimits))
    .where(inArray(clusterLimits.clusterId, timed));
  for (const r of rows)
    if (r.billedSince && r.enforcedAt)
      late.push((r.enforcedAt.getTime() - r.billedSince.getTime() - LIMIT_MIN * 60_000) / 1000);
  // How far each budget was overshot when its clusters ended, against one interval's spend of its clusters.
  const overshoot: number[] = [];
  const now = Date.now();
  for (const b of budgeted) {
    const { clusters } = await teamClusters(
      db,
      b.teamId,
      periodOf({ period: "month", startDay: 1 }, now).from,
      now,
    );
    const spent = clusters.reduce((sum, c) => sum + ledgerCost(c.segments, now), 0);
    overshoot.push((spent - b.cap) / (b.rate * (INTERVAL_MS / 3_600_000)));
  }
  const deletes = sim.state.stats.out().requests.filter((r) => r.path === "DELETE /clusters/{id}").length;
  console.log(
    JSON.stringify({
      guards: N,
      teams: TEAMS,
      timeLimited: timed.length,
      budgeted: N - timed.length,
      intervalMs: INTERVAL_MS,
      readsInOneInterval: reads,
      readsPerGuardPerInterval: reads / N,
      enforced,
      deletes,
      latenessP50s: pct(late, 50),
      latenessP99s: pct(late, 99),
      workerRssPeakMb: Math.max(...rss),
      budgetOvershootMaxIntervals: Math.max(...overshoot),
      budgetOvershootP50Intervals: pct(overshoot, 50),
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
