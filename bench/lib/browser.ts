import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { chromiumLaunchOptions } from "../../tests/support/chromium";
import { playwrightCookies } from "../../tests/support/accounts";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
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
