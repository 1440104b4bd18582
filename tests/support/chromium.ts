import { findChromium, playwrightChromiumPath } from "../../scripts/chromium-path.mjs";

/**
 * How every browser run here launches Chromium: the e2e suite, the reliability suite and the bench. The browser is
 * the machine's own Chromium or Chrome (CHROMIUM_PATH, else the usual locations; see scripts/chromium-path.mjs),
 * since Playwright's download cannot reach its CDN from CI; without one, Playwright's own Chromium, which `npm test`
 * installs on first use. The flags keep a headless run quiet and deterministic: no sandbox (CI runs as root), no
 * GPU, and no background traffic (component updates, sync) competing with the page being measured.
 */
export const CHROMIUM_PATH = findChromium() ?? playwrightChromiumPath();

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
