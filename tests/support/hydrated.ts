import type { Locator } from "@playwright/test";

/**
 * Waits until React has hydrated `target` (its props are attached to the DOM node): a server-rendered control is
 * visible and enabled before that, and a click that lands on it earlier does nothing. For code outside the
 * Playwright test runner (the bench), so no `expect`.
 */
export async function waitHydrated(target: Locator, timeoutMs = 30_000): Promise<void> {
  await target.waitFor({ timeout: timeoutMs });
  const until = Date.now() + timeoutMs;
  while (!(await target.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$"))))) {
    if (Date.now() > until) throw new Error(`not hydrated after ${timeoutMs} ms: ${target.toString()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
