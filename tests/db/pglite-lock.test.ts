import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/server/db/client";
import { DataDirInUseError } from "@/lib/server/db/data-dir-lock";

/** Running in production: PGlite is single-process; a second process on the same folder refuses with a clear message. */

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function holder(dir: string): Promise<{ child: ChildProcess; said: string }> {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "tests/db/support/hold-pglite.ts", dir],
    { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (b: Buffer) => {
      out += b.toString();
      if (/^(open|refused: .*)$/m.test(out)) resolve({ child, said: out.trim() });
    });
    child.on("exit", (code) => reject(new Error(`holder exited (${code}) saying ${out}`)));
  });
}

const exited = (c: ChildProcess) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once("exit", r)));

describe("the embedded database's folder lock", () => {
  it("refuses a second process while the first holds the folder, and takes over once it is gone", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "clusterdeck-lock-")), "pglite");
    dirs.push(path.dirname(dir));
    const first = await holder(dir);
    expect(first.said).toBe("open");
    expect(existsSync(`${dir}.lock`)).toBe(true);

    const refusal = await openDatabase({ pgliteDir: dir }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    const message = (refusal as Error).message;
    expect(message).toContain(`already open in another process (pid ${first.child.pid}`);
    expect(message).toContain("DATABASE_URL");

    // Killed without a chance to clean up: the lock is stale, and the next process takes the folder.
    first.child.kill("SIGKILL");
    await exited(first.child);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    const db = await openDatabase({ pgliteDir: dir });
    // While this process holds it, another process is the one refused.
    const second = await holder(dir).catch((e: Error) => ({ child: null, said: e.message }));
    expect(second.said).toMatch(/refused: .*already open in another process \(pid \d+/);
    await db.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  }, 120_000);
});
