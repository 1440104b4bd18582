#!/usr/bin/env node
/**
 * `npm start`: the embedded default.
 *
 * - RUNCRATE_API_URL unset → start the Runcrate simulator (sim/, on SIM_PORT, default 4010) and the app together,
 *   the app pointed at the simulator (RUNCRATE_API_URL=http://127.0.0.1:<sim>/api/v1, RUNCRATE_SIMULATOR=1).
 * - RUNCRATE_API_URL set → run only the app against that API.
 *
 * The app is built with `next build` first when there is no build yet, or when a source file is newer than the
 * build's BUILD_ID (scripts/assemble.mjs), then served by the server entry, `node server.mjs`, from the repository
 * (the Dockerfile runs the same entry from its assembled folder). Ctrl-C / SIGTERM stop both processes; if one of
 * them dies, the other is stopped and this script exits non-zero. Plain Node ESM: no TypeScript here (the simulator
 * runs under tsx's loader).
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { ensureBuild, root } from "./assemble.mjs";
import { keepAliveTimeoutMs } from "./app-node-options.mjs";

const require = createRequire(path.join(root, "package.json"));

const env = process.env;
const appPort = env.PORT?.trim() || "3000";
const simPort = env.SIM_PORT?.trim() || "4010";
const distDir = env.NEXT_DIST_DIR?.trim() || ".next";
const dataDir = path.resolve(root, env.DATA_DIR?.trim() || ".data");
const useSimulator = !env.RUNCRATE_API_URL?.trim();

const log = (msg) => console.log(`[start] ${msg}`);
const fail = (msg, code = 1) => {
  console.error(`[start] ${msg}`);
  process.exit(code);
};

// Checked here too (the server entry reads it), so a bad value is reported before a build.
try {
  keepAliveTimeoutMs(env.KEEP_ALIVE_TIMEOUT_MS);
} catch (e) {
  fail(e.message);
}

function run(cmd, args, extraEnv, o = {}) {
  const pretty = o.prettyLogs ? prettyStream() : null;
  const child = spawn(cmd, args, {
    cwd: o.cwd ?? root,
    env: { ...env, ...extraEnv },
    stdio: ["inherit", pretty ? "pipe" : "inherit", "inherit"],
  });
  if (pretty && child.stdout) child.stdout.pipe(pretty);
  return child;
}

/**
 * In a terminal, the server's JSON log lines (lib/server/log.ts) read better through pino-pretty, a dev dependency;
 * lines that are not JSON (Next's own) pass through as they are. Not a terminal, or no pino-pretty: JSON as written.
 */
function prettyStream() {
  if (!process.stdout.isTTY || env.LOG_PRETTY === "0") return null;
  try {
    const build = require("pino-pretty");
    return (build.default ?? build)({
      colorize: true,
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname,service",
    });
  } catch {
    return null;
  }
}

async function build() {
  const code = await ensureBuild(distDir, log);
  if (code !== 0)
    fail(code === 130 ? "Build interrupted." : "`next build` failed; see the output above.", code);
}

async function waitFor(url, child, label, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  log(`${label} did not answer on ${url} within ${Math.round(timeoutMs / 1000)} s.`);
  return false;
}

async function main() {
  await build();

  const children = new Map();
  let shuttingDown = false;

  const stopAll = (exitCode, why) => {
    if (shuttingDown) return;
    shuttingDown = true;
    if (why) log(why);
    for (const child of children.values())
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    // The app drains its requests for up to SHUTDOWN_GRACE_MS (lib/server/node-server.mjs) before it exits.
    const graceMs = Number(env.SHUTDOWN_GRACE_MS) > 0 ? Number(env.SHUTDOWN_GRACE_MS) : 15_000;
    const force = setTimeout(() => {
      for (const child of children.values())
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }, graceMs + 5_000);
    force.unref();
    const done = () => {
      if ([...children.values()].every((c) => c.exitCode !== null || c.signalCode !== null)) {
        clearTimeout(force);
        process.exit(exitCode);
      }
    };
    for (const child of children.values()) child.once("exit", done);
    done();
  };

  const watch = (name, child) => {
    children.set(name, child);
    child.on("error", (err) => stopAll(1, `Could not start the ${name}: ${err.message}`));
    child.on("exit", (code, signal) => {
      if (shuttingDown) return;
      stopAll(
        code && code !== 0 ? code : 1,
        `The ${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping everything.`,
      );
    });
  };

  process.on("SIGINT", () => stopAll(0, "Stopping…"));
  process.on("SIGTERM", () => stopAll(0, "Stopping…"));

  const appEnv = {};
  if (useSimulator) {
    // One process (tsx as a loader), so signals reach the simulator directly.
    const sim = run(process.execPath, ["--import", "tsx", "sim/main.ts"], { SIM_PORT: simPort });
    watch("simulator", sim);
    if (!(await waitFor(`http://127.0.0.1:${simPort}/__sim/health`, sim, "The simulator", 30_000))) {
      return stopAll(1, `The simulator did not start on port ${simPort}; is SIM_PORT free?`);
    }
    appEnv.RUNCRATE_API_URL = `http://127.0.0.1:${simPort}/api/v1`;
    appEnv.RUNCRATE_SIMULATOR = "1";
  }

  const app = run(
    process.execPath,
    ["server.mjs"],
    {
      ...appEnv,
      PORT: appPort,
      HOST: env.HOST?.trim() || "0.0.0.0",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      NEXT_DIST_DIR: distDir,
    },
    { prettyLogs: true },
  );
  watch("app", app);
  // The first start creates the embedded database (initdb), which can take a minute on a busy machine.
  if (!(await waitFor(`http://127.0.0.1:${appPort}/`, app, "The app", 180_000))) {
    return stopAll(1, `The app did not start on port ${appPort}; is PORT free?`);
  }

  const lines = ["", "  Clusterdeck is running.", `  Open      http://localhost:${appPort}`];
  if (useSimulator) {
    lines.push(
      `  API       the built-in Runcrate simulator at http://127.0.0.1:${simPort}/api/v1 (no Runcrate account needed)`,
      "  Sign in   create an account, then add any key starting with rc_live_ (for example rc_live_demo1234)",
      "            — the simulator accepts them all; nothing real is launched or billed.",
    );
  } else {
    lines.push(
      `  API       ${env.RUNCRATE_API_URL}`,
      "  Sign in   create an account, then add your Runcrate API key (rc_live_…).",
    );
  }
  lines.push("  Stop      Ctrl-C", "");
  console.log(lines.join("\n"));
}

main().catch((err) => fail(`Unexpected error: ${err instanceof Error ? err.message : String(err)}`));
