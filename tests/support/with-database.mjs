// Runs a command with E2E_DATABASE_URL set to a fresh, empty Postgres database, for the browser suites that run the
// app on a real Postgres (npm run test:e2e:postgres, test:e2e:service).
//   node tests/support/with-database.mjs <suffix> <command> [args...]
// The database is named after the app port and the suffix (clusterdeck_e2e_<port>_<suffix>), so two runs on one
// machine, on their own ports, never drop each other's. TEST_POSTGRES_URL names the server (default: the local one).
import { spawnSync } from "node:child_process";
import postgres from "postgres";

const [suffix, command, ...args] = process.argv.slice(2);
if (!suffix || !command || !/^[a-z0-9_]+$/.test(suffix)) {
  console.error("usage: node tests/support/with-database.mjs <suffix: a-z 0-9 _> <command> [args...]");
  process.exit(2);
}
const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const port = Number(process.env.E2E_APP_PORT ?? 3110);
const dbName = `clusterdeck_e2e_${port}_${suffix}`;

const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
try {
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${dbName}`);
} catch (err) {
  console.error(`[with-database] cannot prepare ${dbName} at ${new URL(adminUrl).host}: ${err.message}`);
  process.exit(1);
} finally {
  await admin.end();
}
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

const run = spawnSync(command, args, {
  stdio: "inherit",
  env: { ...process.env, E2E_DATABASE_URL: url.toString() },
});
process.exit(run.status ?? 1);
