#!/usr/bin/env node
/**
 * `npm test`: every check, in order, each one run even when an earlier one failed, then a table of the phases with
 * their seconds and results; the exit code is non-zero when any phase failed, and the failed ones are named.
 *
 *   install → typecheck ∥ lint ∥ format → vitest → build → e2e (PGlite) → e2e (Postgres) ∥ service
 *
 * The browser suites share the one production build made here (next build into NEXT_DIST_DIR, default .next-e2e):
 * each runs with E2E_SKIP_BUILD=1 through its npm script (test:e2e:pglite, test:e2e:postgres, test:e2e:service).
 * When the build fails they are not started, and count as failed.
 *
 *   node scripts/run-suites.mjs                 install, then everything (`npm test`)
 *   node scripts/run-suites.mjs --no-install    everything but the install (`npm run test:all`)
 *   node scripts/run-suites.mjs --only a,b      only the named phases (`npm run test:e2e`: build and the browser suites)
 *   node scripts/run-suites.mjs --skip a,b      all but the named phases
 *   node scripts/run-suites.mjs --time NAME -- <command…>
 *                                               runs one command as a phase and adds it to the record (.ci/run)
 *
 * After the install, the rest runs inside scripts/test-env.mjs (a browser and a PostgreSQL for the run), which needs
 * the installed packages; this file uses Node's own modules only, so it runs on a clean clone. Every phase is
 * recorded in test-results/phases.json, which scripts/ci-summary.mjs prints beside its totals.
 */
import { spawn } from "node:child_process";
import { constants } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatTable, readRecord, writeRecord } from "./phases.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const BROWSER = ["e2e-pglite", "e2e-postgres", "service"];

/**
 * The phases in order. Phases sharing a `group` run at the same time (typecheck, lint and the format check are
 * single-threaded, so on two cores they take about as long together as lint alone). `needsBuild`: not started when
 * the build failed.
 */
const PHASES = [
  { name: "typecheck", group: "static", command: [npm, "run", "typecheck"] },
  { name: "lint", group: "static", command: [npm, "run", "lint"] },
  { name: "format", group: "static", command: [npm, "run", "format:check"] },
  { name: "vitest", command: [npm, "run", "test:unit"] },
  {
    name: "build",
    command: [npm, "run", "build"],
    // The folder the browser suites' configs read the build from (playwright.config.ts, tests/service).
    env: { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next-e2e", NEXT_TELEMETRY_DISABLED: "1" },
  },
  { name: "e2e-pglite", needsBuild: true, command: [npm, "run", "test:e2e:pglite"] },
  // The two suites on Postgres side by side: each has its own database, and the service suite its own ports (its
  // servers are mostly starting, stopping and installing, so they take little from the other's browser).
  { name: "e2e-postgres", group: "postgres", needsBuild: true, command: [npm, "run", "test:e2e:postgres"] },
  {
    name: "service",
    group: "postgres",
    needsBuild: true,
    command: [npm, "run", "test:e2e:service"],
    env: { E2E_APP_PORT: "3210", E2E_SIM_PORT: "4210" },
  },
];

function parseArgs(argv) {
  const o = { install: true, only: null, skip: [], time: null, command: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--no-install") o.install = false;
    else if (a === "--only") o.only = (argv[++i] ?? "").split(",").filter(Boolean);
    else if (a === "--skip") o.skip = (argv[++i] ?? "").split(",").filter(Boolean);
    else if (a === "--time") o.time = argv[++i] ?? "";
    else if (a === "--") {
      o.command = argv.slice(i + 1);
      break;
    } else throw new Error(`unknown argument "${a}"`);
  }
  const known = new Set(PHASES.map((p) => p.name));
  for (const n of [...(o.only ?? []), ...o.skip])
    if (!known.has(n)) throw new Error(`unknown phase "${n}" (phases: ${[...known].join(", ")})`);
  if (o.time !== null && (!o.time || o.command.length === 0))
    throw new Error("usage: node scripts/run-suites.mjs --time NAME -- <command…>");
  return o;
}

/** Runs a command with inherited output; resolves to its exit code (128 + signal number when killed). */
function run(command, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    running.add(child);
    child.on("error", (err) => {
      console.error(`[run-suites] could not run ${command[0]}: ${err.message}`);
      running.delete(child);
      resolve(127);
    });
    child.on("exit", (code, signal) => {
      running.delete(child);
      resolve(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1));
    });
  });
}

const running = new Set();
let interrupted = null;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    interrupted ??= signal;
    for (const child of running) child.kill(signal);
  });
}

async function timed(name, command, env) {
  console.log(`\n[run-suites] ── ${name}: ${command.join(" ")}`);
  const started = performance.now();
  const code = await run(command, env);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `[run-suites] ── ${name}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${seconds.toFixed(1)} s`,
  );
  return { name, seconds: Math.round(seconds * 10) / 10, result: code === 0 ? "passed" : "failed" };
}

async function runPhases(selected) {
  const record = readRecord();
  const results = [];
  let buildFailed = false;
  for (let i = 0; i < selected.length; i++) {
    if (interrupted) break;
    const phase = selected[i];
    if (phase.needsBuild && buildFailed) {
      console.log(`\n[run-suites] ── ${phase.name}: not started, the build failed`);
      results.push({ name: phase.name, seconds: null, result: "not run (build failed)" });
      continue;
    }
    const group = phase.group ? selected.filter((p) => p.group === phase.group) : [phase];
    i += group.length - 1;
    const done = await Promise.all(
      group.map((p) =>
        timed(p.name, p.command, {
          ...p.env,
          ...(p.needsBuild ? { E2E_SKIP_BUILD: "1" } : {}),
        }),
      ),
    );
    results.push(...done);
    if (phase.name === "build" && done[0].result !== "passed") buildFailed = true;
    writeRecord([...record, ...results]);
  }
  return results;
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.time !== null) {
    const r = await timed(o.time, o.command);
    writeRecord([...readRecord(), r]);
    process.exit(r.result === "passed" ? 0 : 1);
  }

  const selected = PHASES.filter((p) => (o.only ? o.only.includes(p.name) : !o.skip.includes(p.name)));
  const browser = selected.some((p) => BROWSER.includes(p.name));

  if (process.env.RUN_SUITES_INNER !== "1") {
    const started = performance.now();
    // The outer run: a fresh record, the install, then this script again inside scripts/test-env.mjs.
    writeRecord([]);
    if (o.install) {
      const r = await timed("install", [npm, "install", "--no-audit", "--no-fund"]);
      writeRecord([r]);
      if (r.result !== "passed") {
        console.error("\n[run-suites] the install failed; nothing else can run.");
        console.log(`\n${formatTable([r])}`);
        process.exit(1);
      }
    }
    if (interrupted) process.exit(130);
    const args = process.argv.slice(2).filter((a) => a !== "--no-install");
    const code = await run(
      [
        process.execPath,
        "scripts/test-env.mjs",
        ...(browser ? [] : ["--no-browser"]),
        process.execPath,
        fileURLToPath(import.meta.url),
        ...args,
      ],
      { RUN_SUITES_INNER: "1" },
    );
    const phases = readRecord();
    console.log(`\n${formatTable(phases, (performance.now() - started) / 1000)}`);
    const failed = phases.filter((p) => p.result !== "passed").map((p) => p.name);
    const total = phases.reduce((s, p) => s + (p.seconds ?? 0), 0);
    if (failed.length) console.error(`\n[run-suites] failed: ${failed.join(", ")}`);
    else if (code !== 0) console.error(`\n[run-suites] the run ended with exit code ${code}`);
    else console.log(`\n[run-suites] every phase passed (${total.toFixed(0)} s of phases)`);
    process.exit(failed.length ? 1 : code);
  }

  const results = await runPhases(selected);
  process.exit(interrupted ? 130 : results.every((r) => r.result === "passed") ? 0 : 1);
}

main().catch((err) => {
  console.error(`[run-suites] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
});
