/**
 * A throwaway database on the test Postgres, for vitest's data-layer suite and for scripts outside vitest (the guardian
 * bench): nothing here imports vitest.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";

/**
 * The real Postgres the data-layer suite also runs against: the one `npm test` chose (scripts/test-env.mjs: given,
 * found at 127.0.0.1:5432, or a throwaway embedded one), else a local one with trust auth.
 */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

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
