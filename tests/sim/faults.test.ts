import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clusterOf, errorOf, objectOf, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.control.clearFaults();
});
afterAll(() => h.close());

describe("fault injection (/__sim/faults)", () => {
  it("adds latency to every /api/v1 response", async () => {
    await h.control.faults({ latencyMs: 300 });
    const res = await h.call("GET", "/billing/balance", { key: h.newKey() });
    expect(res.status).toBe(200);
    expect(res.ms).toBeGreaterThanOrEqual(290);
    // Clearing sets it back to none (the last test here); how fast an answer comes is the bench's to measure.
  });

  it("answers 500 on the routes given an error rate, and only there", async () => {
    const key = h.newKey();
    await h.control.faults({ errorRate: { "GET /clusters": 1 } });
    const res = await h.call("GET", "/clusters", { key });
    expect(res.status).toBe(500);
    expect(errorOf(res).code).toBe("internal_error");
    expect((await h.call("GET", "/clusters/offers", { key })).status).toBe(200);
    await h.control.faults({ errorRate: { "*": 1 } });
    expect((await h.call("GET", "/clusters/offers", { key })).status).toBe(500);
  });

  it("answers a burst of 429s with Retry-After, then recovers", async () => {
    const key = h.newKey();
    await h.control.faults({ rateLimitBurst: { count: 2, retryAfterSeconds: 7 } });
    for (let i = 0; i < 2; i++) {
      const res = await h.call("GET", "/clusters", { key });
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBe("7");
      expect(errorOf(res)).toMatchObject({ code: "rate_limited", details: { retry_after: 7 } });
    }
    expect((await h.call("GET", "/clusters", { key })).status).toBe(200);
  });

  it("answers 503 on every /api/v1 route during an outage, while control routes keep working", async () => {
    await h.control.faults({ outage: true });
    const res = await h.call("GET", "/clusters", { key: h.newKey() });
    expect(res.status).toBe(503);
    expect(errorOf(res).code).toBe("service_unavailable");
    expect((await h.call("GET", "/__sim/health")).status).toBe(200);
  });

  it("commits the create, then drops the connection: exactly one cluster, and a retry replays it", async () => {
    const key = h.newKey();
    await h.control.faults({ dropNextCreateResponse: true });
    const headers = { "Idempotency-Key": "retry-after-drop" };
    await expect(h.create(key, {}, { headers })).rejects.toThrow();
    const stored = await h.control.clustersOf(key);
    expect(stored).toHaveLength(1);
    const retry = await h.create(key, {}, { headers });
    expect(retry.status).toBe(200);
    expect(clusterOf(retry).id).toBe(stored[0]?.id);
    expect(await h.control.clustersOf(key)).toHaveLength(1);
  });

  it("drops only one response", async () => {
    const key = h.newKey();
    await h.control.faults({ dropNextCreateResponse: true });
    await expect(h.create(key)).rejects.toThrow();
    expect((await h.create(key)).status).toBe(201);
  });

  it("answers 409 no_capacity for a sold-out offer", async () => {
    await h.control.faults({ soldOutOffers: ["h100-sxm-8x-ib-dallas"] });
    const res = await h.create(h.newKey());
    expect(res.status).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: "no_capacity" });
    expect(errorOf(res).message).toMatch(/no longer available/);
  });

  it("merges posted faults, reports them, and clears them with DELETE", async () => {
    await h.control.faults({ latencyMs: 5 });
    const merged = objectOf(await h.control.faults({ failNextCreate: true }));
    expect(merged.data).toMatchObject({ latencyMs: 5, failNextCreate: true });
    const cleared = objectOf(await h.control.clearFaults());
    expect(cleared.data).toMatchObject({ latencyMs: 0, failNextCreate: false, outage: false, errorRate: {} });
  });

  it("dates a key's next create back: made as if launched then, already up and billing; later creates are not", async () => {
    const key = h.newKey();
    const now = Date.parse(objectOf(await h.call("GET", "/__sim/clock")).now as string);
    await h.control.faults({ key, backdateNextCreate: 1800 });
    const old = clusterOf(await h.create(key));
    expect(Date.parse(old.created_at!)).toBe(now - 1_800_000);
    const read = clusterOf(await h.call("GET", `/clusters/${old.id}`, { key }));
    expect(read.up_at).not.toBeNull();
    expect(Date.parse(read.billing!.billed_since!)).toBeLessThan(now);
    expect(objectOf(await h.call("GET", `/__sim/faults?key=${key}`)).data).toMatchObject({
      backdateNextCreate: 0,
    });
    expect(Date.parse(clusterOf(await h.create(key)).created_at!)).toBe(now);
    expect(Date.parse(clusterOf(await h.create(h.newKey())).created_at!)).toBe(now);
  });

  it("faults given with a key are that key's alone: an outage and a failed create for it, not for another", async () => {
    const mine = h.newKey();
    const theirs = h.newKey();
    const set = objectOf(await h.control.faults({ key: mine, outage: true }));
    expect(set.data).toMatchObject({ outage: true, latencyMs: 0 });
    expect((await h.call("GET", "/clusters", { key: mine })).status).toBe(503);
    expect((await h.call("GET", "/clusters", { key: theirs })).status).toBe(200);
    expect(objectOf(await h.call("GET", `/__sim/faults?key=${mine}`)).data).toMatchObject({ outage: true });
    expect(objectOf(await h.call("GET", "/__sim/faults")).data).toMatchObject({ outage: false });

    await h.control.faults({ key: mine, outage: false, failNextCreate: true });
    const other = clusterOf(await h.create(theirs));
    const failing = clusterOf(await h.create(mine));
    const next = clusterOf(await h.create(mine));
    // A failed launch fails during provisioning: move the clock past it.
    await h.control.advance(300);
    expect((await h.getCluster(theirs, other.id)).status).not.toBe("failed");
    expect((await h.getCluster(mine, failing.id)).status).toBe("failed");
    expect((await h.getCluster(mine, next.id)).status).not.toBe("failed");

    await h.control.faults({ key: mine, outage: true });
    const cleared = objectOf(await h.call("DELETE", `/__sim/faults?key=${mine}`));
    expect(cleared.data).toMatchObject({ outage: false });
    expect((await h.call("GET", "/clusters", { key: mine })).status).toBe(200);
  });

  it("rejects an invalid faults body with 422 naming the field", async () => {
    const res = await h.control.faults({ latencyMs: -1 });
    expect(res.status).toBe(422);
    expect(errorOf(res).details?.field).toBe("latencyMs");
    expect((await h.control.faults({ nonsense: true })).status).toBe(422);
  });
});

describe("control endpoints", () => {
  it("reset wipes workspaces and faults", async () => {
    const h2 = await startHarness();
    try {
      const key = h2.newKey();
      await h2.create(key);
      await h2.control.setBalance(key, 42);
      await h2.control.faults({ outage: true });
      expect((await h2.call("POST", "/__sim/reset")).status).toBe(200);
      expect(await h2.control.clustersOf(key)).toHaveLength(0);
      expect(await h2.balance(key)).toBe(500);
    } finally {
      await h2.close();
    }
  });

  it("records requests in stats with the route template and the key's last 4 characters", async () => {
    const h2 = await startHarness();
    try {
      const key = h2.newKey();
      const c = clusterOf(await h2.create(key));
      await h2.call("GET", `/clusters/${c.id}`, { key });
      const stats = objectOf(await h2.call("GET", "/__sim/stats"));
      const requests = stats.requests as Array<Record<string, unknown>>;
      expect(stats.total).toBe(2);
      expect(requests[1]).toMatchObject({
        method: "GET",
        path: "GET /clusters/{id}",
        key_suffix: key.slice(-4),
        status: 200,
      });
      expect(requests[1]?.concrete_path).toBe(`/api/v1/clusters/${c.id}`);
      // Each record has its place in the log: a mark taken from `total` tells later requests from earlier ones.
      expect(requests.map((r) => r.seq)).toEqual([1, 2]);
      await h2.call("GET", `/clusters/${c.id}`, { key });
      const after = objectOf(await h2.call("GET", "/__sim/stats")).requests as Array<Record<string, unknown>>;
      expect(after.filter((r) => (r.seq as number) > (stats.total as number))).toHaveLength(1);
      await h2.call("POST", "/__sim/stats/reset");
      expect(objectOf(await h2.call("GET", "/__sim/stats")).total).toBe(0);
    } finally {
      await h2.close();
    }
  });

  it("revokes a key on demand (then 401)", async () => {
    const key = h.newKey();
    expect((await h.call("GET", "/clusters", { key })).status).toBe(200);
    await h.call("POST", "/__sim/workspaces/revoke", { body: { key } });
    expect((await h.call("GET", "/clusters", { key })).status).toBe(401);
  });

  it("validates control bodies", async () => {
    expect((await h.call("POST", "/__sim/clock/advance", { body: { seconds: "ten" } })).status).toBe(422);
    expect((await h.call("POST", "/__sim/workspaces/balance", { body: { credits: 5 } })).status).toBe(422);
    expect((await h.call("GET", "/__sim/workspaces/clusters")).status).toBe(422);
    expect((await h.call("GET", "/__sim/nope")).status).toBe(404);
  });
});
