// The end-to-end runs on a real Postgres, after the first `playwright test` run (on embedded PGlite), reusing the
// build that run made:
// 1. the account and key-leak specs again, with the app on Postgres;
// 2. the service suite (tests/service, issue 19): two app servers on one database, graceful shutdown, the
//    standalone server.
// Each gets a fresh database.
import { spawnSync } from "node:child_process";
import postgres from "postgres";

const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
// One database per app port, so two runs on one machine (two checkouts) never drop each other's.
const port = Number(process.env.E2E_APP_PORT ?? 3110);

async function freshDatabase(dbName) {
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
  return url.toString();
}

function playwright(args, env) {
  const run = spawnSync("npx", ["playwright", "test", ...args], {
    stdio: "inherit",
    env: { ...process.env, E2E_SKIP_BUILD: "1", ...env },
  });
  return run.status ?? 1;
}

const only = process.argv[2];
let status = 0;
if (only !== "service") {
  const s = playwright(["tests/e2e/accounts.spec.ts", "tests/e2e/leak-scan.spec.ts"], {
    E2E_DATABASE_URL: await freshDatabase(`clusterdeck_e2e_${port}`),
    E2E_DATA_DIR: ".data-e2e-postgres",
    E2E_JSON_REPORT: "test-results/playwright-postgres.json",
  });
  status ||= s;
}
if (only !== "accounts") {
  const s = playwright(["-c", "tests/service/playwright.config.ts"], {
    E2E_DATABASE_URL: await freshDatabase(`clusterdeck_e2e_${port}_multi`),
  });
  status ||= s;
}
process.exit(status);
