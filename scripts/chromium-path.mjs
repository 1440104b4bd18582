/**
 * Which Chromium the browser tests run in, shared by `npm test` (scripts/test-env.mjs) and tests/support/chromium.ts
 * (e2e, reliability, bench), so they all agree. A Chromium or Chrome already on the machine is preferred: CI cannot
 * reach Playwright's download CDN, and a laptop usually has Chrome. Without one, Playwright's own Chromium is used,
 * downloaded once by `playwright install chromium`.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { chromium } from "@playwright/test";

/**
 * Where a Chromium or Google Chrome usually is, in the order they are tried. Debian's old headless shell comes first:
 * the tests never show a window, and it costs about 15% less CPU per browser test than the full browser (measured
 * on the 2-core CI machine, docs/testing.md), where the browser is most of the suite's time.
 */
export const CHROMIUM_CANDIDATES = {
  linux: [
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome-stable",
    "/usr/bin/google-chrome",
    "/opt/google/chrome/chrome",
  ],
  darwin: [
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
  ],
};

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The system browser to use: CHROMIUM_PATH when set (taken as given, so a wrong path is reported rather than skipped),
 * else the first usual location that exists; null when there is none.
 */
export function findChromium({ env = process.env, platform = process.platform, exists = isExecutable } = {}) {
  const explicit = env.CHROMIUM_PATH?.trim();
  if (explicit) return explicit;
  return (CHROMIUM_CANDIDATES[platform] ?? []).find((file) => exists(file)) ?? null;
}

/** The Chromium build Playwright downloads for this version of @playwright/test (present or not). */
export const playwrightChromiumPath = () => chromium.executablePath();

/**
 * Runs `npx playwright install chromium` (this project's Playwright), showing its progress; true when it succeeded.
 * npx finds the CLI: resolving it from import.meta would break, as Playwright's config loader compiles this file to
 * CommonJS, where import.meta does not exist.
 */
const installPlaywrightChromium = () =>
  spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" }).status === 0;

/**
 * The Chromium to run, installing Playwright's own on first use when the machine has none. Throws with what to do
 * when there is no browser and none can be installed. The parts are parameters so the decision can be tested
 * without a download.
 */
export function ensureChromium({
  env = process.env,
  platform = process.platform,
  exists = isExecutable,
  bundledPath = playwrightChromiumPath,
  install = installPlaywrightChromium,
  log = () => {},
} = {}) {
  const system = findChromium({ env, platform, exists });
  if (system) {
    if (!exists(system)) throw new Error(`CHROMIUM_PATH is ${system}, but there is no executable there.`);
    return { path: system, source: env.CHROMIUM_PATH?.trim() ? "CHROMIUM_PATH" : "system" };
  }
  const bundled = bundledPath();
  if (exists(bundled)) return { path: bundled, source: "playwright" };
  const looked = ["CHROMIUM_PATH", ...(CHROMIUM_CANDIDATES[platform] ?? [])].join(", ");
  log(`No Chromium or Chrome found (looked at ${looked}).`);
  log(
    "Installing Playwright's own Chromium (`npx playwright install chromium`, once; it needs the internet)…",
  );
  if (install() && exists(bundled)) return { path: bundled, source: "playwright" };
  throw new Error(
    [
      "No browser for the end-to-end tests: there is no Chromium or Chrome on this machine, and Playwright's own",
      "Chromium could not be downloaded (`npx playwright install chromium` needs the internet; see its output above).",
      "Either connect and run `npm test` again, install Chromium or Google Chrome",
      "(Debian/Ubuntu: `apt-get install chromium`), or set CHROMIUM_PATH to a Chromium-based browser.",
    ].join("\n"),
  );
}
