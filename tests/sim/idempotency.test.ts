import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterOf, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe("Idempotency-Key on POST /clusters, per (key, environment)", () => {
  it("answers 201 first, then 200 with the same cluster, and creates nothing new", async () => {
    const key = h.newKey();
    const headers = { "Idempotency-Key": "launch-7f3a" };
    const first = await h.create(key, {}, { headers });
    expect(first.status).toBe(201);
    const replay = await h.create(key, {}, { headers });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(clusterOf(replay).id).toBe(clusterOf(first).id);
    expect(await h.control.clustersOf(key)).toHaveLength(1);
    const list = await h.call("GET", "/clusters", { key });
    expect((list.body as { data: unknown[] }).data).toHaveLength(1);
  });

  it("returns the original cluster when the same key arrives with a different body", async () => {
    const key = h.newKey();
    const headers = { "Idempotency-Key": "launch-same" };
    const first = await h.create(key, { name: "first", node_count: 2 }, { headers });
    const second = await h.create(key, { name: "second", node_count: 8, stack: "ray" }, { headers });
    expect(second.status).toBe(200);
    const c = clusterOf(second);
    expect(c.id).toBe(clusterOf(first).id);
    expect(c.name).toBe("first");
    expect(c.node_count).toBe(2);
    expect(second.headers.get("x-sim-note")).toMatch(/different body/);
    expect(await h.control.clustersOf(key)).toHaveLength(1);
  });

  it("replays the current state of the cluster, not a stale copy", async () => {
    const key = h.newKey();
    const headers = { "Idempotency-Key": "launch-later" };
    const first = await h.create(key, {}, { headers });
    expect(clusterOf(first).status).toBe("provisioning");
    await h.control.advance(180);
    const replay = await h.create(key, {}, { headers });
    expect(clusterOf(replay).status).toBe("ready");
  });

  it("scopes keys per environment: the same key in staging creates a second cluster", async () => {
    const key = h.newKey();
    const headers = { "Idempotency-Key": "launch-env" };
    const main = await h.create(key, {}, { headers });
    const staging = await h.create(key, {}, { headers, environment: "staging" });
    expect(main.status).toBe(201);
    expect(staging.status).toBe(201);
    expect(clusterOf(staging).id).not.toBe(clusterOf(main).id);
    const again = await h.create(key, {}, { headers, environment: "staging" });
    expect(again.status).toBe(200);
    expect(clusterOf(again).id).toBe(clusterOf(staging).id);
    expect(await h.control.clustersOf(key)).toHaveLength(2);
  });

  it("scopes keys per API key: another workspace's Idempotency-Key does not collide", async () => {
    const a = h.newKey();
    const b = h.newKey();
    const headers = { "Idempotency-Key": "shared-key" };
    expect((await h.create(a, {}, { headers })).status).toBe(201);
    expect((await h.create(b, {}, { headers })).status).toBe(201);
  });

  it("does not remember a key whose create failed: after a top-up the same key creates the cluster", async () => {
    const key = h.newKey();
    const headers = { "Idempotency-Key": "launch-broke" };
    await h.control.setBalance(key, 5);
    expect((await h.create(key, {}, { headers })).status).toBe(402);
    await h.control.setBalance(key, 500);
    expect((await h.create(key, {}, { headers })).status).toBe(201);
    expect((await h.create(key, {}, { headers })).status).toBe(200);
  });

  it("creates a new cluster on every call without an Idempotency-Key", async () => {
    const key = h.newKey();
    await h.create(key);
    await h.create(key);
    expect(await h.control.clustersOf(key)).toHaveLength(2);
  });
});
