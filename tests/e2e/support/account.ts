import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export const TEST_PASSWORD = "correct horse battery staple";

export function uniqueEmail(prefix = "e2e"): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@example.com`;
}

export function freshKey(): string {
  return `rc_live_${randomBytes(20).toString("hex")}`;
}

/** Creates an account through /sign-up and lands signed in (on /settings/keys, where new accounts start). */
export async function signUp(page: Page, opts: { email?: string; password?: string } = {}) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? TEST_PASSWORD;
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/settings/keys");
  return { email, password };
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await page.waitForURL("**/sign-in**");
}

/** On /settings/keys: adds a key through the dialog and waits until its row shows. */
export async function addKey(page: Page, key: string, label: string, environment = "") {
  // The empty state offers "Add your first key", the list "Add key"; wait for whichever the page renders.
  const trigger = page
    .getByRole("button", { name: "Add your first key" })
    .or(page.getByRole("button", { name: "Add key", exact: true }));
  await trigger.first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Label").fill(label);
  if (environment) await dialog.getByLabel(/Environment/).fill(environment);
  await dialog.getByLabel("API key").fill(key);
  await dialog.getByRole("button", { name: "Check and save" }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId("key-row").filter({ hasText: label })).toContainText(key.slice(-4));
}

/**
 * Creates a fresh user (unique email), signs in, and saves an rc_live_ key (fresh random unless given) as the
 * active key. Every e2e test starts here.
 */
export async function signUpWithKey(
  page: Page,
  opts: { key?: string; label?: string } = {},
): Promise<{ email: string; password: string; key: string }> {
  const key = opts.key ?? freshKey();
  const { email, password } = await signUp(page);
  await addKey(page, key, opts.label ?? "Personal");
  return { email, password, key };
}
