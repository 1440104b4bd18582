/**
 * Spending limits' guardian: N guarded clusters (500) across 20 teams with policies on a fast simulator, one guardian
 * worker process on a fresh Postgres database (TEST_POSTGRES_URL or the local one) at the production interval (30 s):
 * half with time limits ending in the same minute, half in teams whose budgets run out in the same minute (ended by
 * the budget sweep and the guard). Figures: upstream reads per guarded cluster per interval (≤ 1), enforcement
 * lateness p50/p99 (p99 ≤ interval + 5 s), how far a budget is overshot (≤ one interval's spend), the worker's RSS. The app server runs the same worker in itself (CLUSTERDECK_WORKER=app);
 * here it is measured alone so its memory is not mixed with the pages'. Run alone: BENCH_ONLY=guardian.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import type { BenchContext, Row, SectionResult } from "../lib/context";
import { ROOT } from "../../tests/support/stack";
import { TARGETS } from "../targets";

export function guardianSection(_ctx: BenchContext): Promise<SectionResult> {
  return Promise.resolve().then(runGuardianBench);
}

export function runGuardianBench(): SectionResult {
  const r = spawnSync(
    path.join(ROOT, "node_modules/.bin/tsx"),
    ["--conditions=react-server", "bench/guardian/run-guardian.ts"],
    { cwd: ROOT, encoding: "utf8", timeout: 12 * 60_000, env: { ...process.env, NODE_OPTIONS: "" } },
  );
  const line = r.stdout
    .trim()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .at(-1);
  if (r.status !== 0 || !line) throw new Error(`guardian bench failed: ${r.stderr.slice(-2000)}`);
  const d = JSON.parse(line) as {
    guards: number;
    teams: number;
    timeLimited: number;
    budgeted: number;
    budgetOvershootMaxIntervals: number;
    budgetOvershootP50Intervals: number;
    intervalMs: number;
    readsPerGuardPerInterval: number;
    readsInOneInterval: number;
    enforced: number;
    deletes: number;
    latenessP50s: number;
    latenessP99s: number;
    workerRssPeakMb: number;
  };
  const rows: Row[] = [
    {
      section: "guardian",
      metric: `upstream reads per guarded cluster per ${d.intervalMs / 1000} s interval (${d.guards} guards, ${d.teams} teams)`,
      value: `${d.readsPerGuardPerInterval.toFixed(2)} (${d.readsInOneInterval} reads)`,
      target: `≤ ${TARGETS.readsPerInterval}`,
      ok: d.readsPerGuardPerInterval <= TARGETS.readsPerInterval,
    },
    {
      section: "guardian",
      metric: "limits enforced / DELETEs upstream",
      value: `${d.enforced} / ${d.deletes}`,
      target: `${d.guards} / ${d.guards}`,
      ok: d.enforced === d.guards && d.deletes === d.guards,
    },
    {
      section: "guardian",
      metric: `team budgets overshot when their ${d.budgeted} clusters ended, in intervals of their spend: p50 / max`,
      value: `${d.budgetOvershootP50Intervals.toFixed(2)} / ${d.budgetOvershootMaxIntervals.toFixed(2)}`,
      target: `≤ ${TARGETS.budgetOvershootIntervals}`,
      ok: d.budgetOvershootMaxIntervals <= TARGETS.budgetOvershootIntervals,
    },
    {
      section: "guardian",
      metric: `time-limit enforcement lateness p50 / p99 (${d.timeLimited} clusters)`,
      value: `${d.latenessP50s.toFixed(1)} / ${d.latenessP99s.toFixed(1)} s`,
      target: `p99 ≤ ${d.intervalMs / 1000 + TARGETS.guardianLatenessSlackS} s`,
      ok: d.latenessP99s <= d.intervalMs / 1000 + TARGETS.guardianLatenessSlackS,
    },
    {
      section: "guardian",
      metric: "guardian worker RSS peak",
      value: `${d.workerRssPeakMb.toFixed(0)} MB`,
      target: `≤ ${TARGETS.guardianRssMb} MB`,
      ok: d.workerRssPeakMb <= TARGETS.guardianRssMb,
    },
  ];
  return { rows, data: d };
}
