/**
 * How every browser run here launches Chromium: the e2e suite, the reliability suite and the bench. Debian's
 * Chromium (apt-get install chromium), since Playwright's own browser download cannot reach its CDN from CI;
 * CHROMIUM_PATH points elsewhere. The flags keep a headless run quiet and deterministic: no sandbox (CI runs as
 * root), no GPU, and no background traffic (component updates, sync) competing with the page being measured.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
