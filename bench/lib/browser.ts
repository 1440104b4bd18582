import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { playwrightCookies } from "./account";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export async function signedInContext(
  browser: Browser,
  appUrl: string,
  cookie: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: appUrl, viewport: { width: 1280, height: 800 } });
  // tsx compiles with esbuild's keepNames, which wraps functions passed to page.evaluate in a __name() helper that
  // exists only in Node; give the page a no-op one.
  await context.addInitScript("globalThis.__name = (f) => f;");
  await context.addCookies(playwrightCookies(cookie, appUrl));
  return context;
}
