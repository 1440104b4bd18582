/**
 * The simulator from a browser spec, through Playwright's request context: its Runcrate API as the user's key (so a
 * spec does not depend on the create form to get a cluster) and its /__sim control endpoints (balances, variants,
 * faults, and what the app sent upstream, GET /__sim/stats). Outside the test runner, sim-client.ts does the same
 * over fetch.
 *
 * Faults are set per key, so a spec that breaks its own workspace runs beside the others. The request log is the
 * simulator's: a spec that resets it needs the server alone (tag "@solo", playwright.config.ts).
 */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { offersResponseSchema, type Cluster, type Offer } from "@/lib/runcrate/schemas";

export const simUrl = `http://127.0.0.1:${Number(process.env.E2E_SIM_PORT ?? 4110)}`;
/** The same, by the name the offers specs use. */
export const SIM_URL = simUrl;

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

export async function simSpeed(request: APIRequestContext): Promise<number> {
  const r = await request.get(`${simUrl}/__sim/clock`);
  return ((await r.json()) as { speed: number }).speed;
}

/**
 * Simulator faults for one key's requests only (an outage, a failed or dropped create …): the tests running beside
 * this one, each on its own key, go on as before. A fresh key per test means nothing needs clearing afterwards.
 */
export async function setFaults(request: APIRequestContext, key: string, faults: Record<string, unknown>) {
  const r = await request.post(`${simUrl}/__sim/faults`, { data: { ...faults, key } });
  expect(r.ok()).toBe(true);
}

/** Simulator answer variants for one workspace (sim/README.md, "Variants"); [] turns them off. */
export async function setVariants(request: APIRequestContext, key: string, variants: string[]) {
  const r = await request.post(`${simUrl}/__sim/variants`, { data: { key, variants } });
  expect(r.ok()).toBe(true);
}

/** Ends one key's faults (setFaults), within a test that goes on after them. */
export async function clearFaults(request: APIRequestContext, key: string) {
  const r = await request.delete(`${simUrl}/__sim/faults?key=${encodeURIComponent(key)}`);
  expect(r.ok()).toBe(true);
}

/** A cheap datacenter offer that takes the stack and at least `minNodes` nodes. */
export async function pickOffer(
  request: APIRequestContext,
  key: string,
  opts: { stack?: string; minNodes?: number } = {},
): Promise<Offer> {
  const r = await request.get(`${simUrl}/api/v1/clusters/offers`, { headers: auth(key) });
  expect(r.ok()).toBe(true);
  const offers = ((await r.json()) as { data: Offer[] }).data;
  const stack = opts.stack ?? "slurm";
  const need = opts.minNodes ?? 2;
  const fits = offers
    .filter((o) => o.host_tier === "datacenter" && o.stacks.includes(stack) && o.max_nodes >= need)
    .filter((o) => !o.allowed_node_counts?.length || o.allowed_node_counts.some((n) => n >= need))
    .sort((a, b) => a.hourly_rate_per_node - b.hourly_rate_per_node);
  expect(fits.length, `an offer with ${stack} and ${need}+ nodes`).toBeGreaterThan(0);
  return fits[0]!;
}

async function offerById(request: APIRequestContext, key: string, id: string): Promise<Offer> {
  const r = await request.get(`${simUrl}/api/v1/clusters/offers?include_community=true`, {
    headers: auth(key),
  });
  const offer = ((await r.json()) as { data: Offer[] }).data.find((o) => o.id === id);
  expect(offer, `offer ${id} in the simulator's catalogue`).toBeTruthy();
  return offer!;
}

export function smallestCount(o: Offer, atLeast = 2): number {
  const allowed = o.allowed_node_counts?.length ? [...o.allowed_node_counts].sort((a, b) => a - b) : null;
  if (allowed)
    return allowed.find((n) => n >= Math.max(atLeast, o.min_nodes)) ?? allowed[allowed.length - 1]!;
  return Math.max(atLeast, o.min_nodes, 2);
}

/** POST /clusters as the user's key (with plenty of credits), returning the created cluster. */
export async function createCluster(
  request: APIRequestContext,
  key: string,
  opts: { name?: string; stack?: string; nodes?: number; offerId?: string } = {},
): Promise<{ cluster: Cluster; offer: Offer }> {
  await request.post(`${simUrl}/__sim/workspaces/balance`, { data: { key, credits: 1_000_000 } });
  const offer = opts.offerId
    ? await offerById(request, key, opts.offerId)
    : await pickOffer(request, key, { stack: opts.stack, minNodes: opts.nodes });
  const name = opts.name ?? `e2e-${Math.random().toString(36).slice(2, 8)}`;
  const r = await request.post(`${simUrl}/api/v1/clusters`, {
    headers: { ...auth(key), "idempotency-key": `e2e-${name}-${Date.now()}` },
    data: {
      name,
      offer_id: offer.id,
      node_count: opts.nodes ?? smallestCount(offer),
      stack: opts.stack ?? "slurm",
    },
  });
  expect(r.status(), await r.text()).toBe(201);
  return { cluster: ((await r.json()) as { data: Cluster }).data, offer };
}

export async function getCluster(request: APIRequestContext, key: string, id: string): Promise<Cluster> {
  const r = await request.get(`${simUrl}/api/v1/clusters/${id}`, { headers: auth(key) });
  expect(r.ok()).toBe(true);
  return ((await r.json()) as { data: Cluster }).data;
}

export async function waitForStatus(
  request: APIRequestContext,
  key: string,
  id: string,
  status: string,
  timeoutMs = 120_000,
) {
  await expect
    .poll(async () => (await getCluster(request, key, id)).status, { timeout: timeoutMs, intervals: [250] })
    .toBe(status);
}

/** POST /clusters/{id}/tests directly (409 while one runs is fine: the point is to keep one running). */
export async function startTestDirect(request: APIRequestContext, key: string, id: string): Promise<number> {
  const r = await request.post(`${simUrl}/api/v1/clusters/${id}/tests`, {
    headers: auth(key),
    data: { kind: "nccl_all_reduce" },
  });
  return r.status();
}

/**
 * Moves the simulator's clock (negative: back, a day at most). Set back for a launch and forward again, it makes the
 * cluster look launched that long ago, so a time limit comes due without waiting for it. The clock is the
 * simulator's own, global: only for suites that have their simulator to themselves.
 */
export async function advanceSimClock(request: APIRequestContext, seconds: number) {
  const r = await request.post(`${simUrl}/__sim/clock/advance`, { data: { seconds } });
  if (!r.ok()) throw new Error(`POST /__sim/clock/advance answered ${r.status()}`);
}

export async function resetStats(request: APIRequestContext) {
  await request.post(`${simUrl}/__sim/stats/reset`, { data: {} });
}

/** How many GET /clusters/{id} for this cluster reached the simulator since the last reset. */
export async function countClusterGets(request: APIRequestContext, key: string, id: string): Promise<number> {
  const r = await request.get(`${simUrl}/__sim/stats`);
  const body = (await r.json()) as {
    requests: Array<{ method: string; path: string; concrete_path: string; key_suffix: string | null }>;
  };
  return body.requests.filter(
    (q) =>
      q.method === "GET" &&
      q.path === "GET /clusters/{id}" &&
      q.key_suffix === key.slice(-4) &&
      q.concrete_path.includes(id),
  ).length;
}

/** Pretend the tab went to the background (or came back): what the page's visibility listeners see. */
export async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((h) => {
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (h ? "hidden" : "visible"),
    });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => h });
    // Bubbles like the real event, so listeners on window (React Query's focus manager) hear it too.
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  }, hidden);
}

export async function simOffers(request: APIRequestContext, key: string): Promise<Offer[]> {
  const res = await request.get(`${SIM_URL}/api/v1/clusters/offers?include_community=true`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(res.status()).toBe(200);
  return offersResponseSchema.parse(await res.json()).data;
}

export async function simClusters(
  request: APIRequestContext,
  key: string,
): Promise<Array<{ id: string; name: string; node_count: number; stack: string; [k: string]: unknown }>> {
  const res = await request.get(`${SIM_URL}/__sim/workspaces/clusters?key=${encodeURIComponent(key)}`);
  expect(res.status()).toBe(200);
  return (
    (await res.json()) as { data: Array<{ id: string; name: string; node_count: number; stack: string }> }
  ).data;
}

export async function setBalance(request: APIRequestContext, key: string, credits: number) {
  const res = await request.post(`${SIM_URL}/__sim/workspaces/balance`, { data: { key, credits } });
  expect(res.status()).toBe(200);
}

export async function simSshKeys(
  request: APIRequestContext,
  key: string,
): Promise<Array<{ id: string; name: string }>> {
  const res = await request.get(`${SIM_URL}/api/v1/ssh-keys`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return ((await res.json()) as { data: Array<{ id: string; name: string }> }).data;
}

export async function deleteSshKey(request: APIRequestContext, key: string, id: string) {
  const res = await request.delete(`${SIM_URL}/api/v1/ssh-keys/${id}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(res.ok()).toBe(true);
}
