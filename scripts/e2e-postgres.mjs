// Runs the account and key-leak end-to-end specs again with the app on a real Postgres (the first `playwright test`
// run uses embedded PGlite), reusing the build that run made. The database is created fresh each time.
import { spawnSync } from "node:child_process";
import postgres from "postgres";

const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
// One database per app port, so two runs on one machine (two checkouts) never drop each other's.
const dbName = `clusterdeck_e2e_${Number(process.env.E2E_APP_PORT ?? 3110)}`;

const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
try {
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${dbName}`);
} catch (err) {
  console.error(`[e2e-postgres] cannot prepare ${dbName} at ${new URL(adminUrl).host}: ${err.message}`);
  process.exit(1);
} finally {
  await admin.end();
}

const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const run = spawnSync(
  "npx",
  ["playwright", "test", "tests/e2e/accounts.spec.ts", "tests/e2e/leak-scan.spec.ts"],
  {
    stdio: "inherit",
    env: {
      ...process.env,
      E2E_SKIP_BUILD: "1",
      E2E_DATABASE_URL: url.toString(),
      E2E_DATA_DIR: ".data-e2e-postgres",
      E2E_JSON_REPORT: "test-results/playwright-postgres.json",
    },
  },
);
process.exit(run.status ?? 1);
