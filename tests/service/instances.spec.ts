import { expect, test, type APIRequestContext } from "@playwright/test";
import { createCluster, getCluster, pickOffer, simUrl, smallestCount, waitForStatus } from "../support/sim";
import { signOut, signUp, signUpWithKey } from "../support/accounts";
import { waitHydrated } from "../support/browser";
import { startInstance, startSimulator, type App } from "./support/apps";
import { SERVICE } from "./support/config";

/**
 * Issue 19: two Clusterdeck servers on one Postgres, nothing in front; the tests alternate between them the way a
 * load balancer would. Cookies belong to the host, not the port, so one browser context is one user on both.
 */

let sim: Awaited<ReturnType<typeof startSimulator>>;
let apps: App[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  sim = await startSimulator();
  // One after the other: both migrate the same database (serialised by an advisory lock either way). B leaves every
  // request to Next (CLUSTERDECK_FAST_READS=0), so each read below is checked on both paths (lib/server/fast-reads.ts).
  apps = [
    await startInstance(0, sim.apiUrl, { METRICS_TOKEN }),
    await startInstance(1, sim.apiUrl, { METRICS_TOKEN, CLUSTERDECK_FAST_READS: "0" }),
  ];
});

test.afterAll(async () => {
  for (const a of apps) await a.proc.stop();
  await sim?.proc.stop();
});

const [A, B] = SERVICE.appUrls as [string, string];
const METRICS_TOKEN = "service-metrics-token-0123456789";

async function balanceStatus(request: APIRequestContext, base: string, cookie: string): Promise<number> {
  const r = await request.get(`${base}/api/balance`, { headers: { cookie }, maxRedirects: 0 });
  return r.status();
}

/** GET /api/clusters: a polled read, answered before Next's router on A and by Next on B. */
async function clustersStatus(request: APIRequestContext, base: string, cookie: string): Promise<number> {
  const r = await request.get(`${base}/api/clusters`, { headers: { cookie }, maxRedirects: 0 });
  return r.status();
}

/** clusterdeck_fast_reads_total of one instance, by route template. */
async function fastReads(request: APIRequestContext, base: string): Promise<Record<string, number>> {
  const r = await request.get(`${base}/api/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(r.status()).toBe(200);
  const counts: Record<string, number> = {};
  for (const line of (await r.text()).split("\n")) {
    const m = /^clusterdeck_fast_reads_total\{route="([^"]+)"\} (\d+)/.exec(line);
    if (m) counts[m[1]!] = Number(m[2]);
  }
  return counts;
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
  // polled reads too, which it answers before Next's router.
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

test("a polled read answers the same before Next's router (A) as through Next (B)", async ({
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
  const { cluster } = await createCluster(request, key, { stack: "none" });
  const id = cluster.id;
  // The lifecycle at SIM_SPEED=30 settles within seconds; compare once it has.
  await waitForStatus(request, key, id, "ready");

  const fastBefore = await fastReads(request, A);
  const viaNextBefore = await fastReads(request, B);
  let compressed = 0;
  const statuses = new Set<number>();
  const ignored = new Set([
    "date",
    "x-request-id",
    "connection",
    "keep-alive",
    "content-length",
    "transfer-encoding",
  ]);
  const unknown = "00000000-0000-4000-8000-000000000000";
  for (const path of [
    "/api/clusters",
    `/api/clusters/${id}`,
    `/api/clusters/${id}/tests`,
    `/api/clusters/${unknown}`,
    `/api/clusters/${unknown}/tests`,
    "/api/clusters/nope!",
  ]) {
    const variants: Array<Record<string, string>> = [
      { cookie },
      { cookie, "x-forwarded-proto": "https" },
      { cookie: noKey },
      {},
    ];
    for (const headers of variants) {
      // Twice on A: the first request to a route may be Next's (the route file registers its handler on loading).
      await request.get(`${A}${path}`, { headers });
      const [a, b] = [
        await request.get(`${A}${path}`, { headers }),
        await request.get(`${B}${path}`, { headers }),
      ];
      const who = headers.cookie === noKey ? "no key" : headers.cookie ? "signed in" : "signed out";
      const what = `${path} ${who}${headers["x-forwarded-proto"] ? " over TLS" : ""}`;
      expect(a.status(), what).toBe(b.status());
      statuses.add(a.status());
      expect(await a.text(), what).toBe(await b.text());
      // Next streams a handler's answer, so compresses it at any size; A sends its whole body at once, and
      // compression leaves one under 1 kB as it is. Same encoding from 1 kB.
      const kept = (h: Record<string, string>) =>
        Object.fromEntries(
          Object.entries(h)
            .filter(([k]) => !ignored.has(k) && k !== "content-encoding")
            .map(([k, v]) => [k, k === "vary" ? v.replace(/, Accept-Encoding$/, "") : v]),
        );
      expect(kept(a.headers()), what).toEqual(kept(b.headers()));
      if ((await a.body()).length >= 1024) {
        expect(a.headers()["content-encoding"], what).toBe(b.headers()["content-encoding"]);
        if (a.headers()["content-encoding"] === "gzip") compressed++;
      }
      expect(a.headers()["x-request-id"], what).toMatch(/^[0-9a-f-]{36}$/);
    }
  }
  // A cluster, no cluster, a malformed id, no key, no session.
  expect([...statuses].sort()).toEqual([200, 401, 404, 409]);
  // The cluster list and the cluster (over 1 kB) came gzipped from both, with and without TLS.
  expect(compressed).toBeGreaterThanOrEqual(4);
  // A answered each polled read itself; B none.
  const fastAfter = await fastReads(request, A);
  for (const route of ["/api/clusters", "/api/clusters/[id]", "/api/clusters/[id]/tests"])
    expect(fastAfter[route] ?? 0, route).toBeGreaterThan(fastBefore[route] ?? 0);
  expect(viaNextBefore).toEqual({});
  expect(await fastReads(request, B)).toEqual({});
});

type SimRequest = { method: string; path: string; concrete_path: string; key_suffix: string | null };

async function simRequests(request: APIRequestContext): Promise<SimRequest[]> {
  return ((await (await request.get(`${simUrl}/__sim/stats`)).json()) as { requests: SimRequest[] }).requests;
}

test("one launch intent sent to both instances makes one cluster and one audit entry, and its guardian fires once", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { key } = await signUpWithKey(page);
  await request.post(`${simUrl}/__sim/workspaces/balance`, { data: { key, credits: 10_000 } });
  const offer = await pickOffer(request, key, { stack: "none" });
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
  await page.getByRole("button", { name: "Launch cluster" }).click();
  await expect(page).toHaveURL(/\/clusters\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const id = page.url().split("/").pop()!;
  expect(toB, "the launch was also sent to B").not.toBeNull();
  const answerOfB = await toB!;
  expect(answerOfB).toContain(`"id":"${id}"`);

  // Both reached Runcrate with the one key; one cluster of that name exists.
  const posts = (await simRequests(request)).filter(
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
    .poll(async () => (await getCluster(request, key, id)).status, { timeout: 180_000, intervals: [1_000] })
    .toMatch(/terminat/);
  // Give the other instance's guardian a few intervals to (wrongly) act as well.
  await new Promise((r) => setTimeout(r, 3 * SERVICE.guardIntervalMs));
  const deletes = (await simRequests(request)).filter(
    (r) => r.path === "DELETE /clusters/{id}" && r.concrete_path.includes(id),
  );
  expect(deletes).toHaveLength(1);

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
});
