import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "../support/chromium";
import { SERVICE } from "./support/config";

/**
 * Issue 19, "run it like a service": several app servers on one real Postgres, graceful shutdown, the standalone
 * server. The specs start their own simulator and servers (tests/support/stack.ts) on SERVICE's ports, from the e2e
 * build in NEXT_DIST_DIR (built first unless E2E_SKIP_BUILD=1). Run by scripts/e2e-postgres.mjs in `npm run test:e2e`
 * with E2E_DATABASE_URL set to a fresh database.
 */
export default defineConfig({
  testDir: ".",
  testMatch: /.*\.spec\.ts$/,
  globalSetup: "./support/global-setup.ts",
  outputDir: "../../test-results/service-artifacts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 15_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: path.resolve(__dirname, "../../test-results/playwright-service.json") }],
  ],
  use: {
    baseURL: SERVICE.appUrls[0],
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
