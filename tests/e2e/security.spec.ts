import { expect, test, type APIRequestContext } from "@playwright/test";
import { e2e } from "../support/e2e-env";
import { seededAccount, signIn, signOut } from "../support/accounts";

/** Security: sessions that end, redirects that stay home, limits and checks that can't be sidestepped. */

async function sessionCookieOf(page: import("@playwright/test").Page): Promise<string> {
  const cookies = await page.context().cookies();
  const session = cookies.filter((c) => c.name.startsWith("authjs.session-token"));
  expect(session.length).toBeGreaterThan(0);
  return session.map((c) => `${c.name}=${c.value}`).join("; ");
}

async function withCookie(request: APIRequestContext, path: string, cookie: string) {
  return request.get(path, { headers: { cookie }, maxRedirects: 0 });
}

// Every way out, one account: the console's Sign out, Auth.js's own sign-out route, then Sign out everywhere.
test("each way of signing out ends the session: a copied cookie stops working and is not re-issued", async ({
  page,
  request,
  browser,
}) => {
  const { email, password } = await seededAccount(page);
  await page.goto("/settings/keys");
  const signedOut = (copied: string) =>
    expect
      .poll(async () => (await withCookie(request, "/api/balance", copied)).status(), { timeout: 5_000 })
      .toBe(401);

  await test.step("the console's Sign out", async () => {
    const copied = await sessionCookieOf(page);
    expect((await withCookie(request, "/api/balance", copied)).status()).not.toBe(401);
    await signOut(page);
    await signedOut(copied);
    const pageRes = await withCookie(request, "/settings", copied);
    expect(pageRes.status()).toBe(307);
    expect(pageRes.headers()["location"]).toMatch(/\/sign-in/);
    const session = await withCookie(request, "/api/auth/session", copied);
    expect(await session.json()).toBeNull();
    // No fresh token: the only session cookie set is the one clearing it.
    for (const c of session.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie"))
      if (/authjs\.session-token/.test(c.value))
        expect(c.value).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });

  await test.step("Auth.js's own sign-out route", async () => {
    await signIn(page, email, password);
    await page.waitForURL((u) => !u.pathname.startsWith("/sign-in"));
    const copied = await sessionCookieOf(page);
    expect((await withCookie(request, "/api/balance", copied)).status()).not.toBe(401);
    // The route Auth.js serves beside the console's own Sign out, called the way its sign-out page does.
    const csrf = await page.request.get("/api/auth/csrf");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const out = await page.request.post("/api/auth/signout", { form: { csrfToken }, maxRedirects: 0 });
    expect(out.status()).toBeLessThan(400);
    await signedOut(copied);
  });

  await test.step("Settings' Sign out everywhere ends every session, including another browser's", async () => {
    await signIn(page, email, password);
    await page.waitForURL((u) => !u.pathname.startsWith("/sign-in"));
    const other = await browser.newPage();
    await signIn(other, email, password);
    await other.waitForURL((u) => !u.pathname.startsWith("/sign-in"));
    const otherCookie = await sessionCookieOf(other);

    await page.goto("/settings");
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.waitForURL("**/sign-in**");
    await other.goto("/settings");
    await expect(other).toHaveURL(/\/sign-in/);
    await signedOut(otherCookie);
    // Signing in again works, with a fresh session.
    await signIn(page, email, password);
    await page.waitForURL((u) => !u.pathname.startsWith("/sign-in"));
    await other.close();
  });
});

test("a signed-in user's callbackUrl with dot segments stays on this origin", async ({ page, request }) => {
  await seededAccount(page);
  const cookie = await sessionCookieOf(page);
  for (const payload of [
    "/.//evil.example/phish",
    "/%2e//evil.example/phish",
    "/a/..//evil.example/phish",
    "/sign-in/..//evil.example/phish",
  ]) {
    for (const path of ["/sign-in", "/sign-up"]) {
      const res = await withCookie(request, `${path}?callbackUrl=${encodeURIComponent(payload)}`, cookie);
      expect(res.status(), `${path} ${payload}`).toBe(307);
      const location = res.headers()["location"] ?? "";
      expect(location.startsWith("//"), location).toBe(false);
      expect(new URL(location, e2e.appUrl).origin, location).toBe(e2e.appUrl);
    }
  }
});

// The proxy's answers to what Next itself would act on before any handler runs, on the real server.
test("malformed requests get a clean 4xx from the proxy, not Next's 500; route handlers check the session", async ({
  request,
}) => {
  await test.step("a server-action post to a path ending in .<ext>", async () => {
    for (const path of ["/x.y", "/clusters/a.b", "/api/x.y", "/api/clusters"]) {
      const res = await request.post(path, {
        headers: { "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8" },
        data: "not json {",
        maxRedirects: 0,
      });
      expect(res.status(), path).toBe(400);
    }
  });

  await test.step("an action call whose arguments refer to a part it does not carry", async () => {
    const action = { "next-action": "7f" + "0".repeat(40) };
    const text = await request.post("/clusters", {
      headers: { ...action, "content-type": "text/plain;charset=UTF-8" },
      data: '["$h1"]',
      maxRedirects: 0,
    });
    expect(text.status()).toBe(400);
    const multipart = await request.post("/clusters", {
      headers: { ...action, "content-type": "multipart/form-data; boundary=x" },
      data: '--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$@1"]\r\n--x--\r\n',
      maxRedirects: 0,
    });
    expect(multipart.status()).toBe(400);
  });

  await test.step("under /api/: a form post that is no form, a malformed percent-escape, no or a forged session", async () => {
    // A form post is decoded by Next whatever the path: the proxy's guard refuses a body that is no form.
    const form = await request.post("/api/clusters", {
      headers: { "content-type": "multipart/form-data; boundary=x" },
      data: "not a multipart body",
      maxRedirects: 0,
    });
    expect(form.status()).toBe(400);
    // A malformed percent-escape: a JSON 400 from the proxy, not Next's 500 from decoding the route's param.
    const escape = await request.get("/api/clusters/%E0%A4%A", { maxRedirects: 0 });
    expect(escape.status()).toBe(400);
    expect(await escape.json()).toEqual({
      error: { code: "bad_request", message: "The address contains an invalid percent-encoded character." },
    });
    // Reads the proxy skips: each handler answers a missing or forged session itself.
    for (const path of ["/api/clusters", "/api/offers", "/api/notifications", "/api/webhooks"]) {
      for (const cookie of [undefined, "authjs.session-token=forged"]) {
        const res = await request.get(path, { headers: cookie ? { cookie } : {}, maxRedirects: 0 });
        expect(res.status(), `${path} ${cookie ?? "no cookie"}`).toBe(401);
        expect((await res.json()) as unknown, path).toMatchObject({ error: { code: "unauthenticated" } });
      }
    }
  });
});

test("a forged X-Forwarded-For does not get around the sign-in limit", async ({ page, request }) => {
  // One account, five wrong passwords by direct POST (as a script would), each claiming another address. Were the
  // header believed, each would be a fresh (account, address) pair and none would be limited.
  const { email } = await seededAccount(page);
  const csrf = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const locations: string[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await request.post("/api/auth/callback/credentials", {
      form: { email, password: `wrong password ${i}!`, csrfToken: csrf.csrfToken },
      headers: { "x-forwarded-for": `198.51.100.${i + 1}`, "x-clusterdeck-peer-chain": `203.0.113.${i + 1}` },
      maxRedirects: 0,
    });
    locations.push(res.headers()["location"] ?? "");
  }
  expect(
    locations.slice(0, 4).every((l) => /code=invalid|error=CredentialsSignin/.test(l)),
    locations.join("\n"),
  ).toBe(true);
  expect(locations[4]).toMatch(/code=rate_limited/);
});

test("pages run under the nonce CSP: no violations, scripts hydrate, and the nonce changes per request", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) violations.push(m.text());
  });
  const first = await page.goto("/sign-in");
  await seededAccount(page);
  for (const path of ["/settings", "/offers", "/clusters", "/settings/audit", "/no-such-page"])
    await page.goto(path);
  await page.goto("/settings");
  // Client code works: the theme toggle and account menu are interactive only after hydration.
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
  expect(violations).toEqual([]);
  const again = await page.request.get("/sign-in");
  const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
  expect(nonceOf(first?.headers()["content-security-policy"])).toBeTruthy();
  expect(nonceOf(again.headers()["content-security-policy"])).not.toBe(
    nonceOf(first?.headers()["content-security-policy"]),
  );
});

test("changing the password in Settings signs out other devices and keeps this one", async ({
  page,
  browser,
}) => {
  const { email, password } = await seededAccount(page);
  await page.goto("/settings/keys");
  const other = await browser.newPage();
  await signIn(other, email, password);
  await other.waitForURL((u) => !u.pathname.startsWith("/sign-in"));

  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password", { exact: true }).fill(password);
  await form.getByLabel("New password", { exact: true }).fill("aaaaaaaaaaaa");
  await form.getByLabel("Confirm new password").fill("aaaaaaaaaaaa");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText(/This password is too easy to guess/)).toBeVisible();

  const next = "violet orbit cactus 42 drums";
  await form.getByLabel("New password", { exact: true }).fill(next);
  await form.getByLabel("Confirm new password").fill(next);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("status")).toHaveText(/Password changed/);

  await page.goto("/settings/keys");
  await expect(page).toHaveURL(/\/settings\/keys/);
  await other.goto("/settings");
  await expect(other).toHaveURL(/\/sign-in/);
  await signIn(other, email, next);
  await other.waitForURL((u) => !u.pathname.startsWith("/sign-in"));
  await other.close();
});
