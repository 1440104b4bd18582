import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "../support/chromium";

/**
 * `npm run test:reliability`: the long reliability checks (faulty launches, fuzzing, 200 watchers, restart, leak
 * scan). The specs start their own simulator and app (tests/reliability/support/stack.ts) so they can read the
 * app's output and restart it; global-setup builds once into REL_DIST_DIR (default .next-bench-rel) unless
 * E2E_SKIP_BUILD=1. Ports: REL_APP_PORT/REL_SIM_PORT (default 3810/4810) and +1 for the restart test's own pair.
 */
export default defineConfig({
  testDir: ".",
  testMatch: /.*\.spec\.ts$/,
  globalSetup: "./support/global-setup.ts",
  outputDir: "../../test-results/reliability-artifacts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 10 * 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "../../test-results/reliability.json" }]],
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
