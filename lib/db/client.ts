import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { dataDir, env } from "@/lib/env";
import * as schema from "./schema";

/** Both drivers behind one type: everything in lib/db is written against this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = { db: Db; kind: "pglite" | "postgres"; close: () => Promise<void> };

/** Any 64-bit number works; this one is "clusterdeck" folded to fit. Serialises migrations across instances. */
const MIGRATION_LOCK_ID = 7_316_028_411_932_211n;

function migrationsFolder(): string {
  return path.join(process.cwd(), "drizzle");
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
export async function openDatabase(opts: { url?: string; pgliteDir?: string }): Promise<Database> {
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
    return { db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
  }
  if (opts.url) {
    // Never echo the URL: it may carry a password.
    throw new Error(
      "DATABASE_URL must start with postgres:// or postgresql:// (unset it to use the embedded database).",
    );
  }
  const dir = opts.pgliteDir;
  if (dir) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const client = new PGlite(dir);
  const pdb = drizzlePglite(client, { schema });
  await migratePglite(pdb, { migrationsFolder: migrationsFolder() });
  return { db: pdb as unknown as Db, kind: "pglite", close: () => client.close() };
}

// One database per server process. Kept on globalThis so dev-mode module reloads reuse it instead of
// opening PGlite twice on the same folder.
const holder = globalThis as unknown as { __clusterdeckDb?: Promise<Database> };

/** The process's database, opened and migrated on first use (exactly once per process). */
export function getDatabase(): Promise<Database> {
  if (!holder.__clusterdeckDb) {
    const { DATABASE_URL } = env();
    holder.__clusterdeckDb = openDatabase({
      url: DATABASE_URL || undefined,
      pgliteDir: path.join(dataDir(), "pglite"),
    }).catch((err: unknown) => {
      // Let the next request try again rather than caching a failure forever.
      holder.__clusterdeckDb = undefined;
      throw err;
    });
  }
  return holder.__clusterdeckDb;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}
