#!/usr/bin/env node
/**
 * `npm test` on a machine with only Node.js: `node scripts/test-env.mjs [--no-browser] <command> [args…]` runs the
 * command with a browser and a PostgreSQL it can use, handed on as CHROMIUM_PATH (scripts/chromium-path.mjs) and
 * TEST_POSTGRES_URL (scripts/test-postgres.mjs). --no-browser skips the browser, for runs without Playwright.
 *
 * An embedded PostgreSQL started for the run is stopped and its files removed when the command ends: when it passes,
 * when it fails, and on Ctrl-C / SIGTERM / SIGHUP, which are passed on to the command and its end awaited first (its
 * servers still hold connections). The exit code is the command's, or 128 + the signal's number.
 */
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { ensureChromium } from "./chromium-path.mjs";
import { resolvePostgres } from "./test-postgres.mjs";

const log = (line) => console.log(`[test-env] ${line}`);

const argv = process.argv.slice(2);
const browser = argv[0] !== "--no-browser";
const [command, ...args] = browser ? argv : argv.slice(1);
if (!command) {
  console.error("usage: node scripts/test-env.mjs [--no-browser] <command> [args…]");
  process.exit(2);
}

let postgresServer = null;
let child = null;
let signalled = null;
let ending = false;

async function end(code) {
  if (ending) return;
  ending = true;
  try {
    await postgresServer?.stop();
  } catch (err) {
    console.error(`[test-env] Could not stop the embedded PostgreSQL: ${err.message}`);
  }
  process.exit(code);
}

const signalCode = (signal) => 128 + (constants.signals[signal] ?? 0);

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    signalled ??= signal;
    // The command ends and its exit handler tears down; before it runs, setup checks `signalled` after each step.
    if (child) child.kill(signal);
  });
}

async function main() {
  const env = { ...process.env };

  if (browser) {
    const chromium = ensureChromium({ log });
    log(`Chromium: ${chromium.path}${chromium.source === "playwright" ? " (Playwright's own)" : ""}`);
    env.CHROMIUM_PATH = chromium.path;
  }
  if (signalled) return end(signalCode(signalled));

  postgresServer = await resolvePostgres({ log });
  if (signalled) return end(signalCode(signalled));
  env.TEST_POSTGRES_URL = postgresServer.url;

  child = spawn(command, args, { stdio: "inherit", env });
  child.on("error", (err) => {
    console.error(`[test-env] Could not run ${command}: ${err.message}`);
    void end(127);
  });
  child.on("exit", (code, signal) => {
    if (signalled) return void end(signalCode(signalled));
    void end(signal ? signalCode(signal) : (code ?? 1));
  });
}

main().catch((err) => {
  console.error(`[test-env] ${err instanceof Error ? err.message : String(err)}`);
  void end(signalled ? signalCode(signalled) : 1);
});
