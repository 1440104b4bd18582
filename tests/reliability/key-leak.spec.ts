/**
 * The stored Runcrate key searched for in every byte the app serves during a long journey — every document, script,
 * RSC payload, server-action answer and API response the browser receives while a user browses every page, launches
 * a cluster through the form, watches it, and opens settings and the audit log — plus the app's own log output.
 * Found 0 times. (tests/e2e/leak-scan.spec.ts covers the short journey in `npm test`.)
 */
import { playwrightCookies } from "../support/accounts";
import { expect, test } from "./support/stack";

test("the stored key appears in no byte served during a full journey", async ({ stack, page }) => {
  test.setTimeout(5 * 60_000);
  const account = await stack.newAccount();
  const key = account.key;
  const needles = [
    key,
    key.slice("rc_live_".length),
    Buffer.from(key).toString("base64"),
    encodeURIComponent(key),
  ];
  const logStart = stack.app.output().length;
  let bytes = 0;
  let responses = 0;
  const hits: string[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (res) => {
    pending.push(
      res.body().then(
        (b) => {
          responses++;
          bytes += b.length;
          const text = b.toString("latin1");
          const headers = JSON.stringify(res.headers());
          for (const n of needles)
            if (text.includes(n) || headers.includes(n)) hits.push(`${res.url()} contains the key`);
        },
        () => undefined, // redirects and aborted requests have no body
      ),
    );
  });
  await page.context().addCookies(playwrightCookies(account.cookie, stack.appUrl));
  const go = (p: string) => page.goto(`${stack.appUrl}${p}`, { waitUntil: "networkidle" });

  await go("/clusters");
  await go("/offers");
  await go(`/clusters/new?offer=${encodeURIComponent(stack.offer.id)}`);
  await page.getByLabel("Name").fill("leak-scan");
  await page.getByRole("button", { name: "Launch cluster" }).click();
  await page.waitForURL(/\/clusters\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "leak-scan" })).toBeVisible();
  await page.waitForTimeout(7_000); // a few polls
  for (const p of ["/clusters", "/settings", "/settings/keys", "/settings/audit", "/offers?community=1"])
    await go(p);
  for (const api of ["/api/clusters", "/api/offers", "/api/balance", "/api/ssh-keys", "/api/storage"]) {
    const r = await page.request.get(`${stack.appUrl}${api}`);
    const b = await r.body();
    bytes += b.length;
    responses++;
    for (const n of needles) if (b.toString("latin1").includes(n)) hits.push(`${api} contains the key`);
  }
  await Promise.all(pending);
  console.log(`key-leak: ${responses} responses, ${(bytes / 1024).toFixed(0)} kB scanned`);
  expect(responses).toBeGreaterThan(30);
  expect(hits).toEqual([]);
  const log = stack.app.output().slice(logStart);
  for (const n of needles) expect(log.includes(n), "the key in the server log").toBe(false);
});
