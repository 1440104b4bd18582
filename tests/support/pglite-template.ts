/**
 * A fresh embedded database without the seconds of CPU it costs to make one. Making a PGlite folder runs initdb in
 * WebAssembly and then every migration: about 3.5 CPU-seconds, paid by each of the three dozen vitest files that
 * need an empty database. vitest's global setup (vitest-global-setup.ts) makes one migrated folder per run and
 * closes it; a test copies that closed folder — a file-level copy of a shut-down Postgres data directory, the
 * cold backup Postgres documents — and opens the copy with the app's own openDatabase, which finds every migration
 * applied. Tests of making a folder itself (initdb, the first migration, the folder lock) open a new one instead.
 */
import { cpSync, existsSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated, closed PGlite folder every copy is made from. */
    pgliteTemplate: string;
  }
}

/** Copies the run's migrated database into `dir` (which must not exist yet) and returns `dir`. */
export function migratedPgliteDir(dir: string): string {
  if (existsSync(dir)) throw new Error(`${dir} exists: a copy of the template goes into a new folder`);
  cpSync(inject("pgliteTemplate"), dir, { recursive: true });
  return dir;
}

/**
 * Gives DATA_DIR a migrated database before the app opens it (lib/server/db/client.ts keeps the embedded database
 * in DATA_DIR/pglite).
 */
export function seedDataDir(dataDir: string): void {
  migratedPgliteDir(path.join(dataDir, "pglite"));
}
