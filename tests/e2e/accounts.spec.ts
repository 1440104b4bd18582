import { expect, test } from "@playwright/test";
import { e2e } from "../support/e2e-env";
import {
  addKey,
  freshKey,
  seededAccount,
  seededAdminAccount,
  signIn,
  signOut,
  signUp,
  signUpWithKey,
  TEST_PASSWORD,
  uniqueEmail,
} from "../support/accounts";
import { expectAxeClean, holdScripts, isHydrated, waitHydrated } from "../support/browser";
import { setBalance } from "../support/sim";

/** Accounts, sessions and stored Runcrate keys, end to end against the simulator. */

test.describe("without a session", { tag: "@postgres" }, () => {
  test("pages redirect to sign-in with a same-origin callbackUrl; APIs answer 401 JSON", async ({
    page,
    request,
  }) => {
    await page.goto("/settings/audit?x=1");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fsettings%2Faudit%3Fx%3D1$/);
    await expect(page.getByRole("heading", { name: "Sign in to Clusterdeck" })).toBeVisible();

    for (const path of ["/api/clusters", "/api/offers", "/api/balance", "/api/anything-else"]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(401);
      expect(await res.json()).toEqual({
        error: { code: "unauthenticated", message: "Sign in to continue." },
      });
    }
  });

  test("every response carries the security headers, and the tab icon is linked by a content hash and cached for good", async ({
    request,
  }) => {
    for (const path of ["/sign-in", "/api/health"]) {
      const res = await request.get(path);
      const h = res.headers();
      expect(h["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(h["content-security-policy"], path).not.toContain("unsafe-eval");
      expect(h["content-security-policy"], path).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(h["content-security-policy"], path).toContain("object-src 'none'");
      // Pages carry the per-request nonce; API answers, which the proxy leaves to their handlers, the nonce-less
      // policy (no script may run from them at all).
      expect(h["content-security-policy"], path).toMatch(
        path.startsWith("/api/")
          ? /script-src 'self'(;|$)/
          : /script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'(;|$)/,
      );
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(h["permissions-policy"]).toContain("camera=()");
      expect(h["x-frame-options"]).toBe("DENY");
      // Plain HTTP here: no HSTS.
      expect(h["strict-transport-security"]).toBeUndefined();
    }
    const tls = await request.get("/sign-in", { headers: { "x-forwarded-proto": "https" } });
    expect(tls.headers()["strict-transport-security"]).toContain("max-age=");

    // Chromium fetches the icon again after every same-document navigation (each offers filter change): with
    // Next's max-age=0 each of those reached the server.
    const html = await (await request.get("/sign-in")).text();
    const href = html.match(/<link rel="icon" href="([^"]+)"/)?.[1];
    expect(href).toMatch(/^\/icon\.svg\?icon\.[\w-]+\.svg$/);
    const res = await request.get(href as string);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("image/svg+xml");
    expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

test.describe("sign-up", { tag: "@postgres" }, () => {
  test("creates an account, signs in and starts on the keys page with a call to action; Settings leads to keys and the audit log", async ({
    page,
  }) => {
    await signUp(page);
    await expect(page.getByRole("heading", { name: "No keys yet" })).toBeVisible();
    await expect(page.getByTestId("active-key-switcher")).toHaveText(/No API key/);

    await page.goto("/settings");
    await page.getByRole("link", { name: /Audit log/ }).click();
    await expect(page).toHaveURL(/\/settings\/audit$/);
    await expect(page.getByRole("heading", { name: "Nothing recorded yet" })).toBeVisible();
    await page.getByRole("link", { name: "Settings" }).first().click();
    await page.getByRole("link", { name: /Runcrate API keys/ }).click();
    await expect(page).toHaveURL(/\/settings\/keys$/);
  });

  test("an address that already has an account is answered like a new one; nothing is made, and its password still signs in", async ({
    page,
    browser,
  }) => {
    const { email, password } = await signUp(page);
    const other = await browser.newPage();
    await other.goto("/sign-up");
    await waitHydrated(other);
    await other.getByLabel("Email").fill(email.toUpperCase());
    await other.getByLabel("Password", { exact: true }).fill("another strong passphrase 42");
    await other.getByLabel("Confirm password").fill("another strong passphrase 42");
    await other.getByRole("button", { name: "Create account" }).click();
    // The page a new address leads to, with the same words.
    await other.waitForURL(/\/sign-in\?registered=1/);
    await expect(other.getByRole("status")).toHaveText(
      /Sign in to finish: use the password you just chose\./,
    );
    await expect(other.getByText(/already exists/)).toHaveCount(0);
    // The second password made no account and changed nothing: it does not sign in, the first one does.
    await other.getByLabel("Password", { exact: true }).fill("another strong passphrase 42");
    await other.getByRole("button", { name: "Sign in" }).click();
    await expect(other.getByText("The email or password is incorrect.")).toBeVisible();
    await other.getByLabel("Password", { exact: true }).fill(password);
    await other.getByRole("button", { name: "Sign in" }).click();
    await other.waitForURL("**/settings/keys");
    await other.close();
  });
});

test.describe("sign-in", { tag: "@postgres" }, () => {
  test("what is typed before the page hydrates is what signs in; sign-in returns to the page that asked, never another site", async ({
    page,
    browser,
  }) => {
    const { email, password } = await signUp(page);

    const typedEarly = await browser.newPage();
    const release = await holdScripts(typedEarly);
    await typedEarly.goto("/sign-in", { waitUntil: "domcontentloaded" });
    await typedEarly.getByLabel("Email").fill(email);
    await typedEarly.getByLabel("Password", { exact: true }).fill(password);
    expect(await isHydrated(typedEarly), "typed before React ran").toBe(false);
    release();
    await waitHydrated(typedEarly.getByLabel("Email"));
    await expect(typedEarly.getByLabel("Email")).toHaveValue(email);
    await expect(typedEarly.getByLabel("Password", { exact: true })).toHaveValue(password);
    await typedEarly.getByRole("button", { name: "Sign in" }).click();
    await expect(typedEarly).not.toHaveURL(/\/sign-in/);
    await typedEarly.close();

    const other = await browser.newPage();
    await other.goto("/settings/audit");
    await expect(other).toHaveURL(/callbackUrl=%2Fsettings%2Faudit/);
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Password", { exact: true }).fill(password);
    await other.getByRole("button", { name: "Sign in" }).click();
    await other.waitForURL("**/settings/audit");
    await expect(other.getByRole("heading", { name: "Nothing recorded yet" })).toBeVisible();
    await other.close();

    const third = await browser.newPage();
    await third.goto("/sign-in?callbackUrl=https%3A%2F%2Fevil.example%2F");
    await third.getByLabel("Email").fill(email);
    await third.getByLabel("Password", { exact: true }).fill(password);
    await third.getByRole("button", { name: "Sign in" }).click();
    await third.waitForURL((u) => u.origin === e2e.appUrl && !u.pathname.startsWith("/sign-in"));
    expect(new URL(third.url()).origin).toBe(e2e.appUrl);
    await third.close();
  });

  test("a wrong password gets the same message as an unknown email; too many lock the account with a clear message", async ({
    page,
    browser,
  }) => {
    const { email, password } = await signUp(page);
    const other = await browser.newPage();
    await signIn(other, email, "not the right password");
    await expect(other.getByTestId("form-alert")).toHaveText("The email or password is incorrect.");
    await expect(other.getByLabel("Password", { exact: true })).toHaveValue("");
    await signIn(other, uniqueEmail("nobody"), TEST_PASSWORD);
    await expect(other.getByTestId("form-alert")).toHaveText("The email or password is incorrect.");
    await expect(other).toHaveURL(/\/sign-in/);
    for (let i = 1; i < 4; i++) {
      await signIn(other, email, `wrong password ${i}`);
      await expect(other.getByTestId("form-alert")).toHaveText("The email or password is incorrect.");
    }
    // The lock lasts 15 minutes from the window's start, so the minutes left depend on how long the attempts took.
    const locked = async () => {
      const alert = other.getByTestId("form-alert");
      await expect(alert).toHaveText(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
      const minutes = Number(/in (\d+) minute/.exec((await alert.textContent()) ?? "")?.[1]);
      expect(minutes).toBeGreaterThanOrEqual(1);
      expect(minutes).toBeLessThanOrEqual(15);
    };
    await signIn(other, email, "wrong password 5");
    await locked();
    // Even the right password waits out the lock.
    await signIn(other, email, password);
    await locked();
    await other.close();
  });
});

test.describe("Runcrate keys", { tag: "@postgres" }, () => {
  test("the first key saved points on to the offers, a second does not; saved keys survive sign-out, shown only by their last 4 characters", async ({
    page,
  }) => {
    const { email, password } = await signUp(page);
    const key = freshKey();
    await addKey(page, key, "Personal");
    const next = page.getByTestId("first-key-next");
    await expect(next).toHaveRole("status");
    await expect(next).toContainText("Your key is saved and active.");
    const row = page.getByTestId("key-row");
    await expect(row).toContainText("rc_live_••••" + key.slice(-4));
    await expect(page.getByTestId("active-key-switcher")).toHaveText(/Personal/);
    expect(await page.content()).not.toContain(key);

    await addKey(page, freshKey(), "Team");
    // Still the first key's note: it stays until the page is left, and a second key adds no other.
    await expect(next).toHaveCount(1);
    await next.getByRole("link", { name: "Browse offers" }).click();
    await expect(page).toHaveURL(/\/offers$/);
    await page.goto("/settings/keys");
    await expect(page.getByTestId("key-row")).toHaveCount(2);
    await expect(next).toHaveCount(0);
    await addKey(page, freshKey(), "Third");
    await expect(next).toHaveCount(0);

    await signOut(page);
    // Sign-out says it worked.
    await expect(page.getByRole("status").filter({ hasText: "You’re signed out" })).toBeVisible();
    await page.goto("/settings/keys");
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByText("You’re signed out")).toHaveCount(0);
    await signIn(page, email, password);
    await page.waitForURL((u) => !u.pathname.startsWith("/sign-in"));
    await page.goto("/settings/keys");
    await expect(page.getByTestId("key-row")).toHaveCount(3);
    await expect(page.getByTestId("key-row").filter({ hasText: "Personal" })).toContainText(key.slice(-4));
    expect(await page.content()).not.toContain(key);
  });

  test("several keys: one active, switchable from the header; replace and delete", async ({ page }) => {
    const first = await signUpWithKey(page, { label: "Personal" });
    const second = freshKey();
    await addKey(page, second, "Team", "staging");
    const teamRow = page.getByTestId("key-row").filter({ hasText: "Team" });
    await expect(teamRow).toContainText("Environment: staging");
    await expect(teamRow.getByText("Active", { exact: true })).toHaveCount(0);

    // A taken label is a field error.
    await page.getByRole("button", { name: "Add key" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Label").fill("Team");
    await dialog.getByLabel("API key").fill(freshKey());
    await dialog.getByRole("button", { name: "Check and save" }).click();
    await expect(dialog.getByText(/You already have a key with this label/).first()).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    // Closing hands focus back to the button that opened the dialog, for keyboard users.
    await expect(page.getByRole("button", { name: "Add key" })).toBeFocused();

    // Switch in the header.
    await page.getByTestId("active-key-switcher").click();
    await page.getByRole("menuitem", { name: /Team/ }).click();
    await expect(page.getByTestId("active-key-switcher")).toHaveText(/Team/);
    await expect(teamRow.getByText("Active", { exact: true })).toBeVisible();

    // Replace the Personal key: only the new last 4 is shown.
    const replacement = freshKey();
    const personalRow = page.getByTestId("key-row").filter({ hasText: "Personal" });
    await personalRow.getByRole("button", { name: "Replace Personal" }).click();
    await page.getByRole("dialog").getByLabel("API key").fill(replacement);
    await page.getByRole("dialog").getByRole("button", { name: "Check and replace" }).click();
    await expect(page.getByRole("dialog")).toBeHidden({ timeout: 120_000 });
    await expect(personalRow.getByRole("button", { name: "Replace Personal" })).toBeFocused();
    await expect(personalRow).toContainText(replacement.slice(-4));
    await expect(personalRow).not.toContainText(first.key.slice(-4));

    // Delete the active Team key (confirm): Personal takes over.
    await teamRow.getByRole("button", { name: "Delete Team" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Delete the key “Team”?");
    await confirm.getByRole("button", { name: "Delete key" }).click();
    await expect(page.getByTestId("key-row")).toHaveCount(1);
    await expect(page.getByTestId("active-key-switcher")).toHaveText(/Personal/);
  });
});

test.describe("two users", { tag: "@postgres" }, () => {
  test("each reads only their own workspace; a user without a key gets no one else's", async ({
    browser,
  }) => {
    const aCtx = await browser.newContext();
    const bCtx = await browser.newContext();
    const a = await aCtx.newPage();
    const b = await bCtx.newPage();
    const alice = await signUpWithKey(a, { label: "Alice" });
    await signUp(b);

    await setBalance(alice.key, 1234);
    const aliceBalance = await a.request.get("/api/balance");
    expect(aliceBalance.status()).toBe(200);
    expect((await aliceBalance.json()).data.creditsBalance).toBe(1234);

    // Bob has no key: he is told so, and never served Alice's workspace.
    const bobNoKey = await b.request.get("/api/balance");
    expect(bobNoKey.status()).toBe(409);
    expect((await bobNoKey.json()).error.code).toBe("no_key");

    const bobKey = freshKey();
    await addKey(b, bobKey, "Bob");
    await setBalance(bobKey, 55);
    expect((await (await b.request.get("/api/balance")).json()).data.creditsBalance).toBe(55);
    expect((await (await a.request.get("/api/balance")).json()).data.creditsBalance).toBe(1234);

    // Bob's key list shows only his key.
    await b.goto("/settings/keys");
    await expect(b.getByTestId("key-row")).toHaveCount(1);
    await expect(b.getByTestId("key-row")).toContainText("Bob");
    await aCtx.close();
    await bCtx.close();
  });
});

test.describe("the instance's administrator", { tag: "@postgres" }, () => {
  test("the first account sees every team's members and who may sign up; nobody else gets the page", async ({
    page,
    browser,
  }) => {
    const admin = await seededAdminAccount(page);
    // A team somewhere on the instance, made by someone else.
    const context = await browser.newContext();
    const other = await context.newPage();
    const owner = await seededAccount(other);
    await other.goto("/settings/team");
    await waitHydrated(other.getByRole("button", { name: "Create team" }));
    const teamName = `Elsewhere ${Date.now() % 100000}`;
    await other.getByLabel("Team name").fill(teamName);
    await other.getByRole("button", { name: "Create team" }).click();
    await expect(other.getByTestId("active-key-switcher")).toHaveText(teamName);

    await page.goto("/settings");
    await page.getByRole("link", { name: /Instance/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Instance" })).toBeVisible();
    await expect(page.getByTestId("sign-up-in-force")).toHaveText(
      "Now: Anyone — set by SIGN_UP=open in this instance's configuration; change it there.",
    );
    await expect(page.getByRole("radio", { name: /Nobody/ })).toBeDisabled();
    const team = page.getByTestId("instance-team").filter({ hasText: teamName });
    await expect(team).toContainText(owner.email);
    await expect(team).toContainText("Owner");
    expect(admin.email).not.toBe(owner.email);
    // Links in mail start with the address the administrator's sign-in kept; saving it again keeps it.
    const here = new URL(page.url()).origin;
    await expect(page.getByTestId("mail-origin")).toHaveText(`Now: ${here}.`);
    await expect(page.getByLabel("Address people open Clusterdeck at")).toHaveValue(here);
    await page
      .getByRole("form", { name: "Address in mail links" })
      .getByRole("button", { name: "Save" })
      .click();
    await expect(page.getByText(`They point to ${here} now.`)).toBeVisible();
    await expectAxeClean(page, "Settings → Instance");

    // Anyone else: no card on Settings, and the page says whose it is.
    await other.goto("/settings");
    await expect(other.getByRole("link", { name: /Instance/ })).toHaveCount(0);
    await other.goto("/settings/instance");
    await expect(other.getByText(/^Ask them if you need the sign-up mode changed/)).toBeVisible();
    await expect(other.getByTestId("instance-team")).toHaveCount(0);
    await context.close();
  });
});
