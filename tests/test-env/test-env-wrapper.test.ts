import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { probePostgres } from "../../scripts/test-postgres.mjs";

/**
 * scripts/test-env.mjs for real: a throwaway embedded PostgreSQL (TEST_POSTGRES=embedded) under a command, and what
 * is left of it once the command has passed, failed or been interrupted. TMPDIR points the server's files at a folder
 * of this test's own, so "nothing left" can be checked.
 */
const root = path.resolve(__dirname, "../..");

/** A command that reports the server it was given and the version it answers with, then exits with CHILD_EXIT. */
const QUERY_AND_EXIT = `
  import postgres from "postgres";
  const url = process.env.TEST_POSTGRES_URL;
  const sql = postgres(url, { max: 1 });
  const [{ v }] = await sql\`select current_setting('server_version') as v\`;
  await sql.end();
  console.log(JSON.stringify({ port: new URL(url).port, version: v }));
  process.exit(Number(process.env.CHILD_EXIT));
`;

/** A command that runs until signalled, then checks the server is still up before it ends. */
const WAIT_FOR_SIGNAL = `
  import postgres from "postgres";
  const url = process.env.TEST_POSTGRES_URL;
  const stillUp = async () => {
    await new Promise((r) => setTimeout(r, 300));
    const sql = postgres(url, { max: 1 });
    await sql\`select 1\`;
    await sql.end();
    console.log("server still up after the signal");
    process.exit(0);
  };
  process.on("SIGINT", stillUp);
  process.on("SIGTERM", stillUp);
  console.log(JSON.stringify({ port: new URL(url).port }));
  setInterval(() => {}, 1000);
`;

/** A command that, like Playwright, takes a moment to wind down after Ctrl-C: the server has ended by then. */
const SLOW_TO_STOP = `
  const url = process.env.TEST_POSTGRES_URL;
  process.on("SIGINT", () => setTimeout(() => process.exit(0), 1500));
  console.log(JSON.stringify({ port: new URL(url).port }));
  setInterval(() => {}, 1000);
`;

let tmp = "";
beforeEach(() => {
  tmp = mkdtempSync(path.join(tmpdir(), "clusterdeck-test-env-"));
  // Under root the server runs as `postgres`, which has to get through this folder to its own.
  chmodSync(tmp, 0o755);
});
// A wrapper left running by a failed test is ended with its command and server (its process group when it has one).
const running = new Set<{ pid: number; ownGroup: boolean }>();
afterEach(() => {
  for (const { pid, ownGroup } of running) {
    try {
      process.kill(ownGroup ? -pid : pid, "SIGKILL");
    } catch {
      // already ended
    }
  }
  running.clear();
  rmSync(tmp, { recursive: true, force: true });
});

/** `ownGroup`: the wrapper leads a process group of its own, which a test can signal the way a terminal does. */
function runWrapper(script: string, env: Record<string, string>, { ownGroup = false } = {}) {
  const child = spawn(
    process.execPath,
    ["scripts/test-env.mjs", "--no-browser", process.execPath, "--input-type=module", "-e", script],
    {
      cwd: root,
      env: { ...process.env, TEST_POSTGRES: "embedded", TMPDIR: tmp, ...env },
      detached: ownGroup,
    },
  );
  const entry = { pid: child.pid!, ownGroup };
  running.add(entry);
  child.on("exit", () => running.delete(entry));
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const reported = async () => {
    while (!stdout.includes("{")) {
      if (child.exitCode !== null) throw new Error(`the command never reported: ${stdout}\n${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return JSON.parse(stdout.slice(stdout.indexOf("{")).split("\n")[0]!) as {
      port: string;
      version?: string;
    };
  };
  return { child, exited, reported, output: () => ({ stdout, stderr }) };
}

async function expectServerGone(port: string) {
  expect(readdirSync(tmp)).toEqual([]);
  expect(await probePostgres(`postgres://postgres@127.0.0.1:${port}/test`)).toMatchObject({ refused: true });
}

describe("npm test's environment (scripts/test-env.mjs)", () => {
  it.each([0, 3])(
    "gives the command a PostgreSQL 18 of its own, passes on its exit code (%i), then stops it and removes its files",
    async (exitCode) => {
      const run = runWrapper(QUERY_AND_EXIT, { CHILD_EXIT: String(exitCode) });
      const report = await run.reported();
      expect(await run.exited).toBe(exitCode);
      expect(report.version).toMatch(/^18\./);
      expect(run.output().stdout).not.toMatch(/postgres:\/\/postgres:[^@]+@/);
      await expectServerGone(report.port);
    },
    60_000,
  );

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)(
    "on %s, passes the signal on, waits for the command to end, then stops the server and removes its files",
    async (signal, exitCode) => {
      const run = runWrapper(WAIT_FOR_SIGNAL, {});
      const { port } = await run.reported();
      run.child.kill(signal);
      expect(await run.exited).toBe(exitCode);
      expect(run.output().stdout).toContain("server still up after the signal");
      await expectServerGone(port);
    },
    60_000,
  );

  it("on Ctrl-C in a terminal (the whole process group, server included), still ends with 130 and leaves nothing", async () => {
    const run = runWrapper(SLOW_TO_STOP, {}, { ownGroup: true });
    const { port } = await run.reported();
    process.kill(-run.child.pid!, "SIGINT");
    expect(await run.exited).toBe(130);
    await expectServerGone(port);
  }, 60_000);

  it("refuses a bad TEST_POSTGRES with a clear message and runs nothing", async () => {
    const run = runWrapper(`console.log("the command ran")`, { TEST_POSTGRES: "sometimes" });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain('TEST_POSTGRES must be "embedded" or unset, not "sometimes".');
    expect(run.output().stdout).not.toContain("the command ran");
    expect(readdirSync(tmp)).toEqual([]);
  });
});
