import "server-only";
import { processSingleton } from "@/lib/process-singleton.mjs";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { dataDir, env } from "@/lib/server/env";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";
import { log } from "@/lib/server/log";

/** Both drivers behind one type: everything in lib/db is written against this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** The driver underneath, for the job queue (lib/server/jobs): the PGlite instance, or the Postgres URL. */
  raw: { kind: "pglite"; pglite: PGlite } | { kind: "postgres"; url: string };
};

/** Any 64-bit number works; this one is "clusterdeck" folded to fit. Serialises migrations across instances. */
const MIGRATION_LOCK_ID = 7_316_028_411_932_211n;

function migrationsFolder(): string {
  return path.join(process.cwd(), "drizzle");
}

/**
 * PGlite's own start parameters plus a smaller buffer cache. Postgres' default shared_buffers (128 MB) is sized for
 * a database server; Clusterdeck's tables are a few users, keys and audit rows, and every byte of it stays resident
 * in the Node process. Durability is unchanged: these only size caches (PGlite's own defaults, kept here, decide
 * fsync and WAL behaviour).
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=16MB",
  "-c",
  "temp_buffers=2MB",
  "-c",
  "work_mem=2MB",
  "-c",
  "maintenance_work_mem=16MB",
];

/**
 * Creates the PGlite cluster in `dir` (initdb) in a short-lived child process when the folder holds none yet.
 * initdb inflates the WebAssembly heap to ~700 MB, and a WASM memory never shrinks: done in this process, that
 * would stay resident for the server's whole life. The child exits and takes it along.
 */
async function initPgliteDirOutOfProcess(dir: string): Promise<void> {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  const script = [
    'const { PGlite } = await import("@electric-sql/pglite");',
    "const db = new PGlite(process.env.CLUSTERDECK_PGLITE_INIT_DIR);",
    "await db.waitReady;",
    "await db.close();",
  ].join("\n");
  try {
    await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
      cwd: process.cwd(),
      env: { ...process.env, CLUSTERDECK_PGLITE_INIT_DIR: dir },
      timeout: 120_000,
    });
  } catch (err) {
    // Not fatal: opening the folder below runs initdb in-process instead (correct, just heavier on memory).
    const why = err instanceof Error ? err.message.split("\n")[0] : "unknown error";
    log
      .child({ area: "db" })
      .warn({ why }, "creating the embedded database in a child process failed; creating it in-process");
  }
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Opens a database and brings its schema up to date.
 * - `url` (postgres://…): real Postgres. Migrations run on a dedicated single connection holding a session advisory
 *   lock, so several instances starting at once apply each migration exactly once (drizzle's journal table then skips
 *   what is done).
 * - otherwise PGlite persisted in `pgliteDir` (one process only — that is the embedded mode).
 */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir?: string;
  /** Run initdb for a new PGlite folder in a child process (see initPgliteDirOutOfProcess). The server does. */
  initInChildProcess?: boolean;
}): Promise<Database> {
  if (isPostgresUrl(opts.url)) {
    const url = opts.url;
    const lockConn = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await lockConn`select pg_advisory_lock(${MIGRATION_LOCK_ID.toString()}::bigint)`;
      try {
        await migratePostgres(drizzlePostgres(lockConn, { schema }), {
          migrationsFolder: migrationsFolder(),
        });
      } finally {
        await lockConn`select pg_advisory_unlock(${MIGRATION_LOCK_ID.toString()}::bigint)`;
      }
    } finally {
      await lockConn.end({ timeout: 5 });
    }
    const client = postgres(url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    return { db, kind: "postgres", close: () => client.end({ timeout: 5 }), raw: { kind: "postgres", url } };
  }
  if (opts.url) {
    // Never echo the URL: it may carry a password.
    throw new Error(
      "DATABASE_URL must start with postgres:// or postgresql:// (unset it to use the embedded database).",
    );
  }
  const dir = opts.pgliteDir;
  if (dir) mkdirSync(dir, { recursive: true, mode: 0o700 });
  // One process per folder (data-dir-lock.ts): a second one refuses here, before PGlite touches the files.
  const unlock = dir ? lockDataDir(path.resolve(dir)) : () => {};
  try {
    if (dir && opts.initInChildProcess) await initPgliteDirOutOfProcess(dir);
    const client = new PGlite(dir, { startParams: [...PGLITE_START_PARAMS] });
    const pdb = drizzlePglite(client, { schema });
    await migratePglite(pdb, { migrationsFolder: migrationsFolder() });
    return {
      db: pdb as unknown as Db,
      kind: "pglite",
      close: async () => {
        await client.close();
        unlock();
      },
      raw: { kind: "pglite", pglite: client },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

// One database per server process (a process singleton, lib/process-singleton.mjs) so every copy of this module (Next bundles route handlers,
// pages and server actions separately; dev mode reloads modules) shares it instead of opening PGlite twice on the
// same folder — two instances would each hold their own WASM heap and corrupt each other's files.
const slot = () => processSingleton("database", (): { open?: Promise<Database> } => ({}));

/** The process's database, opened and migrated on first use (exactly once per process). */
export function getDatabase(): Promise<Database> {
  const holder = slot();
  if (!holder.open) {
    const { DATABASE_URL } = env();
    holder.open = openDatabase({
      url: DATABASE_URL || undefined,
      pgliteDir: path.join(dataDir(), "pglite"),
      initInChildProcess: true,
    }).catch((err: unknown) => {
      // Let the next request try again rather than caching a failure forever.
      holder.open = undefined;
      throw err;
    });
  }
  return holder.open;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}
