import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { processSingleton } from "@/lib/process-singleton.mjs";
import { getDatabase, openDatabase, type Db } from "@/lib/server/db/client";
import { createUser, findUserByEmail } from "@/lib/accounts/server/users";

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), "clusterdeck-pglite-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function setting(db: Db, name: "shared_buffers" | "fsync"): Promise<string | undefined> {
  // PGlite's driver answers {rows}; the Db type is the shared one of both drivers.
  const res: unknown = await db.execute(sql.raw(`show ${name}`));
  return (res as { rows: Array<Record<string, string>> }).rows[0]?.[name];
}

describe("embedded PGlite", () => {
  it("creates a new folder out of process, then opens it here with a small buffer cache and keeps data", async () => {
    const dir = path.join(tempDir(), "pglite");
    const first = await openDatabase({ pgliteDir: dir, initInChildProcess: true });
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    expect(first.kind).toBe("pglite");
    expect(await setting(first.db, "shared_buffers")).toBe("16MB");
    await createUser(first.db, { email: "kept@example.com", name: null, passwordHash: "h" });
    await first.close();
    // Reopening an existing folder skips the child and finds the data.
    const second = await openDatabase({ pgliteDir: dir, initInChildProcess: true });
    expect((await findUserByEmail(second.db, "kept@example.com"))?.passwordHash).toBe("h");
    await second.close();
  }, 90_000);

  it("is opened once per process: every caller of getDatabase shares one instance", async () => {
    const prev = { data: process.env.DATA_DIR, url: process.env.DATABASE_URL };
    process.env.DATA_DIR = tempDir();
    delete process.env.DATABASE_URL;
    try {
      const [a, b] = await Promise.all([getDatabase(), getDatabase()]);
      expect(a).toBe(b);
      expect(await processSingleton<{ open?: Promise<unknown> }>("database", () => ({})).open).toBe(a);
      await a.close();
    } finally {
      processSingleton<{ open?: unknown }>("database", () => ({})).open = undefined;
      if (prev.data === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = prev.data;
      if (prev.url !== undefined) process.env.DATABASE_URL = prev.url;
    }
  }, 90_000);
});
