/**
 * A signed-in user with an active Runcrate key, made the way a person makes one: the sign-up page, then the key
 * dialog on /settings/keys, in a Chromium page. The session cookie is then read from the browser, for HTTP clients
 * (load generators, the bench) and other browser contexts.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { chromium, type Browser, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";
import { waitHydrated } from "./hydrated";

export type Account = { email: string; password: string; key: string; cookie: string };

export function freshKey(): string {
  return `rc_live_${randomBytes(18).toString("hex")}`;
}

const TIMEOUT_MS = 60_000;

/** On /sign-up: creates the account and waits until the app has signed it in (it lands on /settings/keys). */
export async function signUpInPage(
  page: Page,
  appUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(new URL("/sign-up", appUrl).href);
  const submit = page.getByRole("button", { name: "Create account" });
  await waitHydrated(submit, TIMEOUT_MS);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await submit.click();
  await page.waitForURL("**/settings/keys", { timeout: TIMEOUT_MS });
}

/** On /settings/keys: adds a key through the dialog and waits until its row shows. */
export async function addKeyInPage(page: Page, key: string, label: string): Promise<void> {
  // The empty state offers "Add your first key", the list "Add key".
  const trigger = page
    .getByRole("button", { name: "Add your first key" })
    .or(page.getByRole("button", { name: "Add key", exact: true }))
    .first();
  await waitHydrated(trigger, TIMEOUT_MS);
  await trigger.click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Label").fill(label);
  await dialog.getByLabel("API key").fill(key);
  await dialog.getByRole("button", { name: "Check and save" }).click();
  await dialog.waitFor({ state: "hidden", timeout: TIMEOUT_MS });
  await page
    .getByTestId("key-row")
    .filter({ hasText: label })
    .filter({ hasText: key.slice(-4) })
    .waitFor({ timeout: TIMEOUT_MS });
}

/** Signs a fresh user up and saves a key (fresh random unless given) as the active key, in a browser. */
export async function signUpWithKey(
  appUrl: string,
  opts: { key?: string; label?: string; browser?: Browser } = {},
): Promise<Account> {
  const email = `bench-${randomUUID().slice(0, 12)}@example.com`;
  const password = `bench-${randomBytes(12).toString("hex")}`;
  const key = opts.key ?? freshKey();
  const browser = opts.browser ?? (await chromium.launch(chromiumLaunchOptions));
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signUpInPage(page, appUrl, email, password);
    await addKeyInPage(page, key, opts.label ?? "Bench");
    const cookies = await context.cookies(appUrl);
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    if (!/session-token=/.test(cookie)) throw new Error("signed up, but the browser holds no session cookie");
    return { email, password, key, cookie };
  } finally {
    await context.close();
    if (!opts.browser) await browser.close();
  }
}

/** The cookie in the form Playwright's context.addCookies takes. */
export function playwrightCookies(cookie: string, appUrl: string) {
  return cookie
    .split(/;\s*/)
    .filter(Boolean)
    .map((c) => {
      const i = c.indexOf("=");
      return { name: c.slice(0, i), value: c.slice(i + 1), url: appUrl };
    });
}
