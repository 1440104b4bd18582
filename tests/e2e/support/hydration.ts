import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Waits until React has hydrated `target` (its props are attached to the DOM node). A server-rendered control is
 * visible and enabled before that, and a click or a change that lands on it earlier does nothing, so a test that
 * interacts with a page whose content comes with the HTML waits here first, as a person's slower hand would.
 */
export async function hydrated(target: Locator): Promise<void> {
  await expect.poll(() => isHydrated(target)).toBe(true);
}

export function isHydrated(target: Locator): Promise<boolean> {
  return target.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$")));
}

/**
 * Holds every script of the pages `page` loads until the returned function is called, so a server-rendered page stays
 * on screen without React (a slow connection's first seconds).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
