import { expect, type Locator } from "@playwright/test";

/**
 * Waits until React has hydrated `target` (its props are attached to the DOM node). A server-rendered control is
 * visible and enabled before that, and a click or a change that lands on it earlier does nothing, so a test that
 * interacts with a page whose content comes with the HTML waits here first, as a person's slower hand would.
 */
export async function hydrated(target: Locator): Promise<void> {
  await expect
    .poll(() => target.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$"))))
    .toBe(true);
}
