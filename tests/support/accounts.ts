/**
 * Accounts for browser tests, the service and reliability suites and the bench. Two ways to get one, and each test
 * gets its own either way, so no test reads another's leftovers:
 * - ready-made (e2e suite): an account the e2e webServer stored before the app started (tests/support/seed-accounts.ts),
 *   signed in over Auth.js's credentials endpoint: seededAccountWithKey, seededAccount, seededCredentials;
 * - made the way a person makes one (the sign-up page, then the key dialog on /settings/keys), signed in and out through
 *   the pages: signUp, addKey, signUpWithKey, newAccount — for the journeys about those pages and for the suites that
 *   start their own servers.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { chromium, expect, type Browser, type Page } from "@playwright/test";
import { waitHydrated } from "./browser";
import { chromiumLaunchOptions } from "./chromium";
import { e2e } from "./e2e-env";
import { claimSeeded, seededAdmin } from "./seeded-pool";
import { freshKey } from "./sim-client";

export const TEST_PASSWORD = "correct horse battery staple";

export type Account = { email: string; password: string; key: string; cookie: string };

export { freshKey };

export function uniqueEmail(prefix = "e2e"): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@example.com`;
}

// A ceiling for a loaded machine; each wait ends as soon as its condition holds.
const TIMEOUT_MS = 120_000;

/** Page-relative paths go to the context's baseURL; `appUrl` makes them absolute (outside the test runner). */
const at = (path: string, appUrl?: string) => (appUrl ? new URL(path, appUrl).href : path);

/**
 * Creates an account through /sign-up, then signs in on the page sign-up leads to (the address carried over, the
 * password typed again) and lands on /settings/keys, where new accounts start.
 */
export async function signUp(
  page: Page,
  opts: { email?: string; password?: string; appUrl?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? TEST_PASSWORD;
  await page.goto(at("/sign-up", opts.appUrl));
  await waitHydrated(page, TIMEOUT_MS);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/sign-in?registered=1**", { timeout: TIMEOUT_MS });
  const emailField = page.getByLabel("Email");
  await waitHydrated(emailField, TIMEOUT_MS);
  await expect(emailField).toHaveValue(email, { timeout: TIMEOUT_MS });
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/settings/keys", { timeout: TIMEOUT_MS });
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

/** On /settings/keys (or a team's keys on /settings/team): adds a key through the dialog and waits until its row shows. */
export async function addKey(page: Page, key: string, label: string, environment = "") {
  // The empty state offers "Add your first key" (a team's: "Add the team's key"), the list "Add key"; wait for whichever
  // the page renders.
  const trigger = page
    .getByRole("button", { name: "Add your first key" })
    .or(page.getByRole("button", { name: "Add the team's key" }))
    .or(page.getByRole("button", { name: "Add key", exact: true }))
    .first();
  await waitHydrated(trigger, TIMEOUT_MS);
  await trigger.click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Label").fill(label);
  if (environment) await dialog.getByLabel(/Environment/).fill(environment);
  await dialog.getByLabel("API key").fill(key);
  await dialog.getByRole("button", { name: "Check and save" }).click();
  await dialog.waitFor({ state: "hidden", timeout: TIMEOUT_MS });
  await page
    .getByTestId("key-row")
    .filter({ hasText: label })
    .filter({ hasText: key.slice(-4) })
    .waitFor({ timeout: TIMEOUT_MS });
}

/**
 * Creates a fresh user (unique email), signs in, and saves an rc_live_ key (fresh random unless given) as the
 * active key, in `page`. Most browser tests start here.
 */
export async function signUpWithKey(
  page: Page,
  opts: { key?: string; label?: string; appUrl?: string } = {},
): Promise<{ email: string; password: string; key: string }> {
  const key = opts.key ?? freshKey();
  const { email, password } = await signUp(page, { appUrl: opts.appUrl });
  await addKey(page, key, opts.label ?? "Personal");
  return { email, password, key };
}

/**
 * Signs `page`'s context in through Auth.js's credentials endpoint (GET /api/auth/csrf, then the POST the sign-in form's
 * action makes), without loading a page: the context holds the session cookie afterwards, the page is where it was.
 */
export async function signInOverHttp(page: Page, email: string, password: string): Promise<void> {
  const request = page.context().request;
  const csrf = (await (await request.get(at("/api/auth/csrf", e2e.appUrl))).json()) as { csrfToken: string };
  const res = await request.post(at("/api/auth/callback/credentials", e2e.appUrl), {
    form: { email, password, csrfToken: csrf.csrfToken, callbackUrl: "/" },
    maxRedirects: 0,
  });
  const location = res.headers()["location"] ?? "";
  const cookies = await page.context().cookies(e2e.appUrl);
  if (res.status() !== 302 || /error=/.test(location) || !cookies.some((c) => /session-token/.test(c.name)))
    throw new Error(`signing ${email} in failed: ${res.status()} → ${location || "(no redirect)"}`);
}

/**
 * A ready-made account (tests/support/seed-accounts.ts) no other test has had, with a fresh key of its own saved as
 * the active one (label "Personal"), signed in in `page`'s context. The page is not navigated. For every test whose
 * subject is not signing up or the key dialog: those journeys are tests/e2e/accounts.spec.ts's.
 */
export async function seededAccountWithKey(
  page: Page,
): Promise<{ email: string; password: string; key: string }> {
  const { email, password, key } = claimSeeded(e2e.seededDir, true);
  await signInOverHttp(page, email, password);
  return { email, password, key: key! };
}

/** The instance's administrator (the pool's first account, shared by every test that needs it), signed in. */
export async function seededAdminAccount(page: Page): Promise<{ email: string }> {
  const { email, password } = seededAdmin(e2e.seededDir);
  await signInOverHttp(page, email, password);
  return { email };
}

/** The email and password of a ready-made account without a key, not signed in anywhere. */
export function seededCredentials(): { email: string; password: string } {
  const { email, password } = claimSeeded(e2e.seededDir, false);
  return { email, password };
}

/** A ready-made account without a key (one that has saved none yet), signed in in `page`'s context. */
export async function seededAccount(page: Page): Promise<{ email: string; password: string }> {
  const account = seededCredentials();
  await signInOverHttp(page, account.email, account.password);
  return account;
}

/**
 * The same account made in a browser context of its own (a new Chromium unless `browser` is given), returning its
 * session cookie for HTTP clients (load generators, the bench) and other contexts (playwrightCookies).
 */
export async function newAccount(
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
    await signUp(page, { email, password, appUrl });
    await addKey(page, key, opts.label ?? "Bench");
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
