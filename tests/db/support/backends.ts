import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "@/lib/server/db/client";
import { migratedPgliteDir } from "../../support/pglite-template";
import { createPostgresDatabase } from "../../support/postgres-database";

export { createPostgresDatabase, POSTGRES_ADMIN_URL } from "../../support/postgres-database";

export type Backend = {
  name: "pglite" | "postgres";
  /** A fresh, migrated, empty database; `dispose` removes it. */
  create: () => Promise<{ database: Database; url: string | null; dispose: () => Promise<void> }>;
};

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
