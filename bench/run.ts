/**
 * `npm run bench`: starts the simulator and a production build of the app on loopback (ports 3800/4800, build
 * folder .next-bench), runs each section side by side with its baseline, prints one table of figures against
 * their targets and writes bench/results.json. BENCH_ONLY=proxy,weight,polling,offers,lighthouse,rss picks
 * sections; BENCH_SKIP_BUILD=1 reuses the last .next-bench build.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { newAccount } from "../tests/support/accounts";
import { stopEmptyApp } from "./lib/empty-app";
import type { BenchContext, Row, SectionResult } from "./lib/context";
import { findNextServer, rssMb, type Proc } from "../tests/support/proc";
import { simClient } from "../tests/support/sim-client";
import { ROOT, buildApp, startApp, startSim } from "../tests/support/stack";
import { lighthouseSection } from "./sections/lighthouse";
import { offersFilterSection } from "./sections/offers-filter";
import { pollingSection } from "./sections/polling";
import { proxySection } from "./sections/proxy";
import { rssSection } from "./sections/rss";
import { weightSection } from "./sections/weight";
import { guardianSection } from "./sections/guardian";

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3800);
const SIM_PORT = Number(process.env.BENCH_SIM_PORT ?? 4800);
const DIST = process.env.BENCH_DIST_DIR ?? ".next-bench";
const DATA = ".data-bench";
// Slow lifecycle: the watched cluster stays "provisioning" (the page's 2 s poll) for the whole run.
const SIM_ENV = { SIM_SPEED: "0.02", SIM_RATE_LIMIT: "0" };
/** BENCH_HARD_LIMIT_MS: the whole run's limit (builds waiting on the shared lock count too). */
const HARD_LIMIT_MS = Number(process.env.BENCH_HARD_LIMIT_MS ?? 14 * 60_000);
/**
 * BENCH_DATABASE_URL=postgres://… runs the app on that (empty, throwaway) Postgres database instead of the embedded
 * PGlite, to separate the database's cost from the app's (RSS in particular).
 */
function appDbEnv(): Record<string, string> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return {};
  return {
    DATABASE_URL: url,
    CLUSTERDECK_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    AUTH_SECRET: randomBytes(32).toString("base64"),
  };
}

const SECTIONS = {
  proxy: proxySection,
  polling: pollingSection,
  rss: rssSection,
  weight: weightSection,
  lighthouse: lighthouseSection,
  // Spending limits' guardian: its own simulator, database and worker process.
  guardian: guardianSection,
  // Last: it restarts the simulator with a 2,000-offer catalogue.
  offers: offersFilterSection,
} satisfies Record<string, (ctx: BenchContext) => Promise<SectionResult>>;
type SectionName = keyof typeof SECTIONS;

function pickSections(): SectionName[] {
  const all = Object.keys(SECTIONS) as SectionName[];
  const only = process.env.BENCH_ONLY?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!only?.length) return all;
  const unknown = only.filter((s) => !all.includes(s as SectionName));
  if (unknown.length)
    throw new Error(`BENCH_ONLY: unknown section(s) ${unknown.join(", ")}; known: ${all.join(", ")}`);
  return all.filter((s) => only.includes(s));
}

function printTable(rows: Row[]): void {
  const head = ["section", "metric", "value", "target", ""];
  const cells = rows.map((r) => [
    r.section,
    r.metric,
    r.value,
    r.target,
    r.ok === null ? "" : r.ok ? "ok" : "MISS",
  ]);
  const widths = head.map((h, i) =>
    Math.min(90, Math.max(h.length, ...cells.map((c) => (c[i] ?? "").length))),
  );
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i] ?? 0)).join(" │ ");
  console.log(line(head));
  console.log(widths.map((w) => "─".repeat(w)).join("─┼─"));
  for (const c of cells) console.log(line(c));
}

async function main(): Promise<void> {
  const sections = pickSections();
  const started = Date.now();
  const watchdog = setTimeout(() => {
    console.error(`bench: over ${HARD_LIMIT_MS / 60_000} min, giving up`);
    process.exitCode = 1;
    void cleanup().then(() => process.exit(1));
  }, HARD_LIMIT_MS);
  const procs: Proc[] = [];
  const cleanup = async () => {
    await stopEmptyApp();
    for (const p of procs.reverse()) await p.stop();
  };
  process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));

  const rows: Row[] = [];
  const results: Record<string, unknown> = { startedAt: new Date(started).toISOString(), sections };
  try {
    if (process.env.BENCH_SKIP_BUILD !== "1") {
      console.log(`bench: building into ${DIST} (waits for /tmp/next-build.lock)…`);
      const t = Date.now();
      buildApp(DIST);
      results.buildSeconds = (Date.now() - t) / 1000;
    }
    let sim = await startSim({ port: SIM_PORT, env: SIM_ENV });
    procs.push(sim.proc);
    const app = await startApp({
      port: APP_PORT,
      distDir: DIST,
      dataDir: DATA,
      simApiUrl: sim.apiUrl,
      env: appDbEnv(),
    });
    results.database = process.env.BENCH_DATABASE_URL ? "postgres (BENCH_DATABASE_URL)" : "embedded PGlite";
    const idleRss = rssMb(findNextServer(app.proc.child.pid as number) ?? -1);
    procs.push(app.proc);
    const simc = simClient(sim.url);
    const account = await newAccount(app.url);
    const offers = await simc.offers(account.key);
    const offer =
      offers.find((o) => (o as { available?: boolean }).available !== false && o.volume) ?? offers[0];
    if (!offer) throw new Error("the simulator lists no offers");
    const { cluster } = await simc.createCluster(account.key, { offer, stack: "none" });

    const ctx: BenchContext = {
      appUrl: app.url,
      distDir: path.join(ROOT, DIST),
      simUrl: sim.url,
      appPid: app.proc.child.pid as number,
      sim: simc,
      account,
      clusterId: cluster.id,
      offerId: offer.id,
      idleRssMb: idleRss,
      restartSim: async (env) => {
        await sim.proc.stop();
        procs.splice(procs.indexOf(sim.proc), 1);
        sim = await startSim({ port: SIM_PORT, env: { ...SIM_ENV, ...env } });
        procs.push(sim.proc);
      },
    };

    for (const name of sections) {
      const t = Date.now();
      console.log(`bench: ${name}…`);
      try {
        if (name === "offers") {
          await ctx.restartSim({ SIM_OFFERS: "2000" });
        }
        const r = await SECTIONS[name](ctx);
        rows.push(...r.rows);
        // Each section's figures as soon as it ends, so a run stopped later still shows them.
        printTable(r.rows);
        results[name] = { seconds: (Date.now() - t) / 1000, rows: r.rows, data: r.data };
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        console.error(`bench: ${name} failed: ${message}`);
        rows.push({
          section: name,
          metric: "section failed",
          value: message.split("\n")[0] ?? message,
          target: "runs",
          ok: false,
        });
        results[name] = { seconds: (Date.now() - t) / 1000, error: message };
      }
    }
  } finally {
    clearTimeout(watchdog);
    await cleanup();
  }
  results.totalSeconds = (Date.now() - started) / 1000;
  results.rows = rows;
  writeFileSync(path.join(ROOT, "bench/results.json"), JSON.stringify(results, null, 2) + "\n");
  console.log("");
  printTable(rows);
  console.log(
    `\nbench: ${rows.filter((r) => r.ok === false).length} of ${rows.filter((r) => r.ok !== null).length} targets missed; ${(results.totalSeconds as number).toFixed(0)} s; bench/results.json written.`,
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
