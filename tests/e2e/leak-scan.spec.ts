import { expect, test, type Response } from "@playwright/test";
import { e2e } from "../support/e2e-env";
import { addKey, freshKey, seededAccountWithKey, signIn, signOut } from "../support/accounts";

/**
 * Records every response the app serves during a full session — HTML, RSC payloads, JSON, JS chunks, CSS — and
 * looks for the saved keys in each body and header. Only their last 4 characters may ever come back.
 */
test("no response ever contains a saved Runcrate key", { tag: "@postgres" }, async ({ page }) => {
  test.slow();
  const bodies: Array<Promise<{ url: string; text: string }>> = [];
  const record = (res: Response) => {
    if (!res.url().startsWith(e2e.appUrl)) return;
    bodies.push(
      (async () => {
        const headers = JSON.stringify(await res.allHeaders());
        let text = "";
        try {
          text = (await res.body()).toString("utf8");
        } catch {
          // Redirects have no body.
        }
        return { url: res.url(), text: `${headers}\n${text}` };
      })(),
    );
  };
  page.on("response", record);

  const { email, password, key } = await seededAccountWithKey(page);
  const second = freshKey();
  await page.goto("/settings/keys");
  await addKey(page, second, "Team", "staging");

  // Walk every area, switch keys in the header, open the menus.
  for (const path of [
    "/settings",
    "/settings/keys",
    "/settings/audit",
    "/offers",
    "/clusters",
    "/clusters/new",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  await page.getByTestId("active-key-switcher").click();
  await page.getByRole("menuitem", { name: /Team/ }).click();
  await expect(page.getByTestId("active-key-switcher")).toHaveText(/Team/);
  await page.goto("/offers");
  await page.waitForLoadState("networkidle");

  // The JSON the pages poll, fetched directly too.
  for (const path of [
    "/api/offers",
    "/api/clusters",
    "/api/balance",
    "/api/ssh-keys",
    "/api/storage",
    "/api/health",
    "/api/auth/session",
  ]) {
    const res = await page.request.get(path);
    bodies.push(
      Promise.resolve({ url: res.url(), text: `${JSON.stringify(res.headers())}\n${await res.text()}` }),
    );
  }

  await signOut(page);
  await signIn(page, email, password);
  await page.waitForURL((u) => !u.pathname.startsWith("/sign-in"));
  await page.goto("/settings/keys");
  await page.waitForLoadState("networkidle");

  page.off("response", record);
  const all = await Promise.all(bodies);
  expect(all.length).toBeGreaterThan(40);
  expect(all.some((b) => b.url.includes("/_next/static/"))).toBe(true);
  expect(all.some((b) => b.text.includes(key.slice(-4)))).toBe(true);

  for (const secret of [key, second]) {
    // The whole key, and any 12-character run of its random part, must appear nowhere.
    const needles = [secret, secret.slice(8, 20), secret.slice(-16, -4)];
    for (const { url, text } of all) {
      for (const needle of needles) expect(text.includes(needle), `${needle} found in ${url}`).toBe(false);
    }
  }
});
