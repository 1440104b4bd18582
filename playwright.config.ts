import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/chromium";

/**
 * End-to-end tests run the production build against the simulator, in the system Chromium.
 * Ports, build folder and data folder come from env so several runs can share one machine.
 */
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3110);
const SIM_PORT = Number(process.env.E2E_SIM_PORT ?? 4110);
const DIST = process.env.NEXT_DIST_DIR ?? ".next-e2e";
const DATA = process.env.E2E_DATA_DIR ?? `.data-e2e-${APP_PORT}`;
const SIM_URL = `http://127.0.0.1:${SIM_PORT}`;
/** Issue 18: the local SMTP server tests/e2e/notifications.spec.ts starts (nothing listens there for other specs). */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? APP_PORT + 2000);
export const e2e = { appUrl: `http://127.0.0.1:${APP_PORT}`, simUrl: SIM_URL };

const build = process.env.E2E_SKIP_BUILD === "1" ? "true" : "npx next build";

/**
 * E2E_DATABASE_URL runs the app on a real Postgres instead of embedded PGlite (scripts/e2e-postgres.mjs). A real
 * database means production rules: both secrets must be given, so fixed test-only values are passed.
 */
const database: Record<string, string> = process.env.E2E_DATABASE_URL
  ? {
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      CLUSTERDECK_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
      AUTH_SECRET: "e2e-only-auth-secret-not-for-production-use",
    }
  : {};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/playwright-artifacts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.E2E_JSON_REPORT ?? "test-results/playwright.json" }],
  ],
  use: {
    baseURL: e2e.appUrl,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: "npx tsx sim/main.ts",
      url: `${SIM_URL}/__sim/health`,
      env: { SIM_PORT: String(SIM_PORT), SIM_SPEED: process.env.E2E_SIM_SPEED ?? "30", SIM_RATE_LIMIT: "0" },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
    },
    {
      // The server entry that ships (server.mjs: npm start, the Dockerfile), with its own keep-alive and Node options.
      command: `rm -rf ${DATA} && ${build} && NODE_ENV=production PORT=${APP_PORT} HOST=127.0.0.1 node server.mjs`,
      url: `${e2e.appUrl}/api/health`,
      env: {
        NEXT_DIST_DIR: DIST,
        DATA_DIR: DATA,
        RUNCRATE_API_URL: `${SIM_URL}/api/v1`,
        RUNCRATE_SIMULATOR: "1",
        AUTH_TRUST_HOST: "true",
        NEXT_TELEMETRY_DISABLED: "1",
        // Every test account signs up from 127.0.0.1; the per-address sign-up limit is tested in vitest.
        SIGN_UP_RATE_LIMIT: "100000",
        // Issue 17: the guardian reads guarded clusters every 5 s in the e2e run (30 s in production).
        CLUSTERDECK_GUARD_INTERVAL_MS: process.env.E2E_GUARD_INTERVAL_MS ?? "5000",
        // Issue 18: webhooks may reach the notifications spec's local receiver, email goes to its local SMTP server,
        // and retries start at 1 s (30 s in production). Other specs add no webhooks; their emails fail quietly.
        WEBHOOK_ALLOW_PRIVATE: "1",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        SMTP_FROM: "Clusterdeck <clusterdeck@e2e.test>",
        NOTIFY_RETRY_BASE_MS: "1000",
        ...database,
      },
      reuseExistingServer: false,
      timeout: 600_000,
      stdout: "pipe",
    },
  ],
});
