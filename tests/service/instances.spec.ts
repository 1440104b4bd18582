import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  advanceSimClock,
  createCluster,
  getCluster,
  pickOffer,
  setBalance,
  simStats,
  simUrl,
  smallestCount,
  waitForStatus,
} from "../support/sim";
import { signOut, signUp, signUpWithKey } from "../support/accounts";
import { waitHydrated } from "../support/browser";
import { startInstance, startSimulator, type App } from "./support/apps";
import { SERVICE } from "./support/config";

/**
 * Running in production: two Clusterdeck servers on one Postgres, nothing in front; the tests alternate between them the way a
 * load balancer would. Cookies belong to the host, not the port, so one browser context is one user on both.
 */

let sim: Awaited<ReturnType<typeof startSimulator>>;
let apps: App[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  sim = await startSimulator();
  // One after the other: both migrate the same database (serialised by an advisory lock either way).
  apps = [await startInstance(0, sim.apiUrl), await startInstance(1, sim.apiUrl)];
});

test.afterAll(async () => {
  for (const a of apps) await a.proc.stop();
  await sim?.proc.stop();
});

const [A, B] = SERVICE.appUrls as [string, string];
const LAUNCHED_AGO_SECONDS = 55;

async function balanceStatus(request: APIRequestContext, base: string, cookie: string): Promise<number> {
  const r = await request.get(`${base}/api/balance`, { headers: { cookie }, maxRedirects: 0 });
  return r.status();
}

/** GET /api/clusters: a polled read. */
async function clustersStatus(request: APIRequestContext, base: string, cookie: string): Promise<number> {
  const r = await request.get(`${base}/api/clusters`, { headers: { cookie }, maxRedirects: 0 });
  return r.status();
}

test("a session made on one instance is valid on the other; a sign-out on one holds on the other within seconds", async ({
  page,
  context,
  request,
}) => {
  await signUpWithKey(page, { label: "Made on A" });
  expect(page.url().startsWith(A)).toBe(true);
  // The same browser on B: signed in, and the key saved through A is there.
  await page.goto(`${B}/settings/keys`);
  await expect(page.getByTestId("key-row").filter({ hasText: "Made on A" })).toBeVisible();

  const cookie = (await context.cookies(A)).map((c) => `${c.name}=${c.value}`).join("; ");
  expect(await balanceStatus(request, A, cookie)).toBe(200);
  expect(await balanceStatus(request, B, cookie)).toBe(200);
  expect(await clustersStatus(request, A, cookie)).toBe(200);
  expect(await clustersStatus(request, B, cookie)).toBe(200);

  // Sign out on B; the copied cookie is then refused by A, which only learns of it through the database — on its
  // polled reads too.
  await signOut(page);
  const signedOutAt = Date.now();
  expect(await balanceStatus(request, B, cookie)).toBe(401);
  expect(await clustersStatus(request, B, cookie)).toBe(401);
  await expect.poll(() => balanceStatus(request, A, cookie), { timeout: 5_000, intervals: [200] }).toBe(401);
  await expect.poll(() => clustersStatus(request, A, cookie), { timeout: 5_000, intervals: [200] }).toBe(401);
  const heldAfterMs = Date.now() - signedOutAt;
  console.log(`[service] sign-out on B refused on A after ${heldAfterMs} ms`);
  expect(heldAfterMs).toBeLessThan(5_000);
});

test("a polled read carries the console's headers: no-store JSON, the security headers, a request id, gzip from 1 kB", async ({
  page,
  browser,
  request,
}) => {
  const { key } = await signUpWithKey(page);
  const cookie = (await page.context().cookies(A)).map((c) => `${c.name}=${c.value}`).join("; ");
  // A second account that has saved no key: its reads answer 409.
  const other = await browser.newContext({ baseURL: A });
  await signUp(await other.newPage());
  const noKey = (await other.cookies(A)).map((c) => `${c.name}=${c.value}`).join("; ");
  await other.close();
  const { cluster } = await createCluster(key, { stack: "none" });
  const id = cluster.id;
  await waitForStatus(key, id, "ready");

  const unknown = "00000000-0000-4000-8000-000000000000";
  const statuses = new Set<number>();
  let compressed = 0;
  for (const path of [
    "/api/clusters",
    `/api/clusters/${id}`,
    `/api/clusters/${id}/tests`,
    `/api/clusters/${unknown}`,
    `/api/clusters/${unknown}/tests`,
    "/api/clusters/nope!",
  ]) {
    const variants: Array<Record<string, string>> = [
      { cookie, "accept-encoding": "gzip" },
      { cookie, "x-forwarded-proto": "https" },
      { cookie: noKey },
      {},
    ];
    for (const headers of variants) {
      const res = await request.get(`${A}${path}`, { headers });
      const who = headers.cookie === noKey ? "no key" : headers.cookie ? "signed in" : "signed out";
      const what = `${path} ${who}${headers["x-forwarded-proto"] ? " over TLS" : ""}`;
      statuses.add(res.status());
      const h = res.headers();
      expect(h["content-type"], what).toMatch(/^application\/json/);
      expect(h["cache-control"], what).toBe("no-store");
      expect(h["x-request-id"], what).toMatch(/^[0-9a-f-]{36}$/);
      // next.config.mjs's headers (lib/security-headers.mjs), HSTS only behind TLS.
      expect(h["content-security-policy"], what).toContain("default-src");
      expect(h["x-frame-options"], what).toBe("DENY");
      expect(h["x-content-type-options"], what).toBe("nosniff");
      expect(h["strict-transport-security"] !== undefined, what).toBe(
        headers["x-forwarded-proto"] === "https",
      );
      expect((await res.json()) as object, what).toHaveProperty(res.ok() ? "data" : "error");
      if (headers["accept-encoding"] === "gzip" && (await res.body()).length >= 1024) {
        expect(h["content-encoding"], what).toBe("gzip");
        compressed++;
      }
    }
  }
  // A cluster, no cluster, a malformed id, no key, no session.
  expect([...statuses].sort()).toEqual([200, 401, 404, 409]);
  // The cluster list and the cluster (over 1 kB) came gzipped.
  expect(compressed).toBeGreaterThanOrEqual(2);
});

test("one launch intent sent to both instances makes one cluster and one audit entry, and its guardian fires once", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { key } = await signUpWithKey(page);
  await setBalance(key, 10_000);
  const offer = await pickOffer(key, { stack: "none" });
  const name = `twice-${Date.now() % 100000}`;

  await page.goto(`${A}/clusters/new?offer=${encodeURIComponent(offer.id)}&nodes=${smallestCount(offer)}`);
  await waitHydrated(page.getByRole("textbox", { name: "Name" }));
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByLabel("Time limit", { exact: true }).fill("1 min");
  await expect(page.getByTestId("limits-summary")).toContainText("at the latest");

  // The launch action's request, as the browser sends it to A, is sent to B at the same moment: a retry of the same
  // intent (same Idempotency-Key in the body) landing on the other instance.
  let toB: Promise<string> | null = null;
  await page.route(`${A}/clusters/new**`, async (route) => {
    const req = route.request();
    const body = req.postData() ?? "";
    if (req.method() !== "POST" || !body.includes("idempotencyKey") || toB) return route.continue();
    const headers: Record<string, string> = { ...(await req.allHeaders()), origin: B };
    delete headers.host;
    delete headers["content-length"];
    toB = request
      .fetch(`${B}${new URL(req.url()).pathname}${new URL(req.url()).search}`, {
        method: "POST",
        headers,
        data: body,
      })
      .then((r) => r.text());
    await route.continue();
  });
  // Launched LAUNCHED_AGO_SECONDS in the past (the simulator's clock set back for the launch, then forward again), so
  // the 1-minute limit comes due seconds after the cluster is up instead of a minute later.
  await advanceSimClock(-LAUNCHED_AGO_SECONDS);
  try {
    await page.getByRole("button", { name: "Launch cluster" }).click();
    await expect(page).toHaveURL(/\/clusters\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  } finally {
    await advanceSimClock(LAUNCHED_AGO_SECONDS);
  }
  const id = page.url().split("/").pop()!;
  expect(toB, "the launch was also sent to B").not.toBeNull();
  const answerOfB = await toB!;
  expect(answerOfB).toContain(`"id":"${id}"`);

  // Both reached Runcrate with the one key; one cluster of that name exists.
  const posts = (await simStats()).requests.filter(
    (r) => r.path === "POST /clusters" && r.key_suffix === key.slice(-4),
  );
  expect(posts).toHaveLength(2);
  const listed = await request.get(`${simUrl}/api/v1/clusters`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const clusters = ((await listed.json()) as { data: Array<{ id: string; name: string }> }).data;
  expect(clusters.filter((c) => c.name === name).map((c) => c.id)).toEqual([id]);

  await page.goto(`${B}/settings/audit`);
  const rows = page.getByRole("row").filter({ hasText: name });
  await expect(rows.filter({ hasText: "Launched" })).toHaveCount(1);

  // Both instances scheduled the guard and both run the guardian: one DELETE, one audit entry, one notification.
  await page.close();
  await expect
    .poll(async () => (await getCluster(key, id)).status, { timeout: 180_000, intervals: [1_000] })
    .toMatch(/terminat/);
  const deletes = async () =>
    (await simStats()).requests.filter(
      (r) => r.path === "DELETE /clusters/{id}" && r.concrete_path.includes(id),
    ).length;
  expect(await deletes()).toBe(1);

  const again = await page.context().newPage();
  await again.goto(`${A}/settings/audit`);
  await expect(
    again
      .getByRole("row")
      .filter({ hasText: name })
      .filter({ hasText: "auto-terminated: time limit reached" }),
  ).toHaveCount(1);
  await expect(again.getByRole("row").filter({ hasText: name }).filter({ hasText: "Launched" })).toHaveCount(
    1,
  );
  await again.goto(`${B}/settings/inbox`);
  await expect(again.getByTestId("inbox-entry").filter({ hasText: name }).first()).toBeVisible();
  await expect(again.locator('[data-kind="auto-terminated"]').filter({ hasText: name })).toHaveCount(1);
  // Still one, after both instances' guardians have had the time of these pages to act again (exactly once across
  // processes, through a kill and a restart, is tests/guardian/two-workers.test.ts).
  expect(await deletes()).toBe(1);
});
