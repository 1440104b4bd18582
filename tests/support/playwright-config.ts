/**
 * The one Playwright configuration of Clusterdeck's browser suites. The three config files (playwright.config.ts for
 * the e2e suite, tests/service/ and tests/reliability/) each call playwrightConfig() with their suite's name and differ
 * only in the settings of SUITES below; the browser, reporters, artifacts and `retries: 0` are the same for all.
 *
 * e2e: two workers against one app server and one simulator (webServer below). Tests are independent (each makes its
 * own account from tests/support/accounts.ts, ready-made before the server starts, and its own clusters, and meets simulator faults, variants and a
 * dated-back launch through its own key only) and run fully parallel. E2E_TAG narrows the suite to one tag (the
 * Postgres subset, "@postgres").
 *
 * service and reliability start their own simulator and servers (tests/support/stack.ts) on their own ports, from
 * the build their global setup makes (skipped with E2E_SKIP_BUILD=1 when one is there), one test at a time.
 */
import path from "node:path";
import { defineConfig, devices, type PlaywrightTestConfig, type Project } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";
import { APP_PORT, DATA_DIR, SEEDED_DIR, SIM_PORT, e2e } from "./e2e-env";

export type Suite = "e2e" | "service" | "reliability" | "screenshots";

const ROOT = path.resolve(__dirname, "../..");
const chromium = { ...devices["Desktop Chrome"], channel: undefined };

/** The e2e suite's app server: the production build (made here unless E2E_SKIP_BUILD=1) and the simulator. */
function e2eServers(): PlaywrightTestConfig["webServer"] {
  const DIST = process.env.NEXT_DIST_DIR ?? ".next-e2e";
  // The local SMTP server tests/e2e/notifications.spec.ts starts (nothing listens there for other specs).
  const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? APP_PORT + 2000);
  const build = process.env.E2E_SKIP_BUILD === "1" ? "true" : "npx next build";
  // E2E_DATABASE_URL runs the app on a real Postgres instead of embedded PGlite (npm run test:e2e:postgres). A real
  // database means production rules: both secrets must be given, so fixed test-only values are passed.
  const database: Record<string, string> = process.env.E2E_DATABASE_URL
    ? {
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        CLUSTERDECK_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
        AUTH_SECRET: "e2e-only-auth-secret-not-for-production-use",
      }
    : {};
  return [
    {
      command: "npx tsx sim/main.ts",
      // From the repository, whichever folder the config that uses these servers is in.
      cwd: ROOT,
      url: `${e2e.simUrl}/__sim/health`,
      env: { SIM_PORT: String(SIM_PORT), SIM_SPEED: process.env.E2E_SIM_SPEED ?? "30", SIM_RATE_LIMIT: "0" },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
    },
    {
      // The server entry that ships (server.mjs: npm start, the Dockerfile).
      // Between the build and the server: the suite's ready-made accounts (tests/support/seed-accounts.ts), written
      // while the database is not yet the server's.
      command: [
        `rm -rf ${DATA_DIR} ${SEEDED_DIR}`,
        build,
        `npx tsx --conditions=react-server tests/support/seed-accounts.ts ${SEEDED_DIR}`,
        `NODE_ENV=production PORT=${APP_PORT} HOST=127.0.0.1 node server.mjs`,
      ].join(" && "),
      cwd: ROOT,
      url: `${e2e.appUrl}/api/health`,
      env: {
        NEXT_DIST_DIR: DIST,
        DATA_DIR,
        RUNCRATE_API_URL: `${e2e.simUrl}/api/v1`,
        RUNCRATE_SIMULATOR: "1",
        AUTH_TRUST_HOST: "true",
        // For the ready-made accounts: the address the administrator's sign-in would keep for links in mail.
        E2E_APP_ORIGIN: e2e.appUrl,
        NEXT_TELEMETRY_DISABLED: "1",
        // The accounts that sign up through the pages all come from 127.0.0.1; the per-address limit is tested in vitest.
        SIGN_UP_RATE_LIMIT: "100000",
        // Test accounts sign up freely (unset, an instance is invite-only after its first account: tested in vitest).
        SIGN_UP: "open",
        // Each sign-up and sign-in hashes a password: at scrypt's production cost (N=2^17, the default, tested in
        // vitest) that is seconds of CPU per test on a busy machine. The e2e accounts are throwaway.
        PASSWORD_SCRYPT_N: process.env.E2E_PASSWORD_SCRYPT_N ?? "1024",
        // The guardian reads guarded clusters every 5 s in the e2e run (30 s in production).
        CLUSTERDECK_GUARD_INTERVAL_MS: process.env.E2E_GUARD_INTERVAL_MS ?? "5000",
        // Webhooks may reach the notifications spec's local receiver, email goes to its local SMTP server, and
        // retries start at 1 s (30 s in production). Other specs add no webhooks; their emails fail quietly.
        WEBHOOK_ALLOW_PRIVATE: "1",
        // The spec's SMTP server offers no STARTTLS: the URL opts out of the TLS the app otherwise requires.
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}/?requireTLS=false`,
        SMTP_FROM: "Clusterdeck <clusterdeck@e2e.test>",
        NOTIFY_RETRY_BASE_MS: "1000",
        ...database,
      },
      reuseExistingServer: false,
      timeout: 600_000,
      stdout: "pipe",
    },
  ];
}

function e2eProjects(): Project[] {
  const only = process.env.E2E_TAG;
  return [
    { name: "e2e", use: chromium, fullyParallel: true, ...(only ? { grep: new RegExp(`${only}\\b`) } : {}) },
  ];
}

type Settings = {
  testDir: string;
  testMatch?: RegExp;
  globalSetup?: string;
  workers: number;
  timeout: number;
  expectTimeout: number;
  baseURL?: string;
  projects: Project[];
  webServer?: PlaywrightTestConfig["webServer"];
  report: string;
};

const SUITES: Record<Suite, () => Settings> = {
  e2e: () => ({
    testDir: "tests/e2e",
    workers: Number(process.env.E2E_WORKERS ?? 2),
    // Ceilings for a machine shared with other work, not expectations: a test waits on conditions and passes as soon
    // as they hold; it meets these only when something is stuck. A test that launches and watches a cluster marks
    // itself test.slow() (three times this).
    timeout: 180_000,
    expectTimeout: 60_000,
    baseURL: e2e.appUrl,
    projects: e2eProjects(),
    webServer: e2eServers(),
    report: process.env.E2E_JSON_REPORT ?? "test-results/playwright.json",
  }),
  service: () => ({
    // Several app servers on one real Postgres, graceful shutdown, the standalone server: each spec starts and stops
    // servers on the same ports, so one test at a time.
    testDir: "tests/service",
    testMatch: /.*\.spec\.ts$/,
    globalSetup: "tests/service/support/global-setup.ts",
    workers: 1,
    timeout: 240_000,
    expectTimeout: 15_000,
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    projects: [{ name: "service", use: chromium }],
    report: "test-results/playwright-service.json",
  }),
  screenshots: () => ({
    // `npm run docs:screenshots`: the docs' screenshots, against the e2e suite's servers; not part of `npm test`.
    testDir: "tests/screenshots",
    testMatch: /.*\.spec\.ts$/,
    workers: 1,
    timeout: 10 * 60_000,
    expectTimeout: 60_000,
    baseURL: e2e.appUrl,
    projects: [{ name: "screenshots", use: chromium }],
    webServer: e2eServers(),
    report: "test-results/screenshots.json",
  }),
  reliability: () => ({
    // Faulty launches, fuzzing, 200 watchers, restart, leak scan: long, and each reads or restarts its own server.
    testDir: "tests/reliability",
    testMatch: /.*\.spec\.ts$/,
    globalSetup: "tests/reliability/support/global-setup.ts",
    workers: 1,
    timeout: 10 * 60_000,
    expectTimeout: 15_000,
    projects: [{ name: "reliability", use: chromium }],
    report: "test-results/reliability.json",
  }),
};

export function playwrightConfig(suite: Suite) {
  const s = SUITES[suite]();
  const at = (p: string) => path.join(ROOT, p);
  return defineConfig({
    testDir: at(s.testDir),
    ...(s.testMatch ? { testMatch: s.testMatch } : {}),
    ...(s.globalSetup ? { globalSetup: at(s.globalSetup) } : {}),
    outputDir: at(`test-results/${suite}-artifacts`),
    fullyParallel: false,
    workers: s.workers,
    // A test that fails is a fault to fix, not a timing to retry.
    retries: 0,
    timeout: s.timeout,
    expect: { timeout: s.expectTimeout },
    reporter: [["list"], ["json", { outputFile: path.resolve(ROOT, s.report) }]],
    use: {
      ...(s.baseURL ? { baseURL: s.baseURL } : {}),
      // The app's reduced-motion rule (app/globals.css) ends every animation at once: the suites check behaviour, not
      // motion, and on two cores a spinner or a fade is the browser's compositor busy for nothing.
      reducedMotion: "reduce",
      trace: "retain-on-failure",
      screenshot: "only-on-failure",
      launchOptions: chromiumLaunchOptions,
    },
    projects: s.projects,
    ...(s.webServer ? { webServer: s.webServer } : {}),
  });
}
