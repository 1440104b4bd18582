import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase, type Database } from "@/lib/server/db/client";
import { migratedPgliteDir } from "../../support/pglite-template";

/**
 * The real Postgres the data-layer suite also runs against: the one `npm test` chose (scripts/test-env.mjs: given,
 * found at 127.0.0.1:5432, or a throwaway embedded one), else a local one with trust auth.
 */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type Backend = {
  name: "pglite" | "postgres";
  /** A fresh, migrated, empty database; `dispose` removes it. */
  create: () => Promise<{ database: Database; url: string | null; dispose: () => Promise<void> }>;
};

/** A throwaway database on the test server: a unique name per suite, dropped afterwards. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cd_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } catch (err) {
    throw new Error(
      `No usable PostgreSQL at ${new URL(POSTGRES_ADMIN_URL).host} for the data-layer tests ` +
        `(${err instanceof Error ? err.message : String(err)}). Run them through \`npm test\`, or ` +
        "`node scripts/test-env.mjs --no-browser npx vitest run …`, which start one when there is none; " +
        "or set TEST_POSTGRES_URL.",
    );
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = postgres(POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}

/**
 * Both backends, or the ones TEST_DB_BACKENDS names (comma-separated): .ci/run's second pass over the data layer, on
 * the embedded PostgreSQL scripts/test-env.mjs starts, runs the Postgres half only — the PGlite half would repeat the
 * first pass exactly.
 */
const ONLY = process.env.TEST_DB_BACKENDS?.split(",").map((b) => b.trim());

const ALL_BACKENDS: Backend[] = [
  {
    name: "pglite",
    create: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "clusterdeck-pglite-"));
      const database = await openDatabase({ pgliteDir: migratedPgliteDir(path.join(dir, "pglite")) });
      return {
        database,
        url: null,
        dispose: async () => {
          await database.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: "postgres",
    create: async () => {
      const pg = await createPostgresDatabase();
      const database = await openDatabase({ url: pg.url });
      return {
        database,
        url: pg.url,
        dispose: async () => {
          await database.close();
          await pg.drop();
        },
      };
    },
  },
];

export const BACKENDS: Backend[] = ONLY ? ALL_BACKENDS.filter((b) => ONLY.includes(b.name)) : ALL_BACKENDS;
