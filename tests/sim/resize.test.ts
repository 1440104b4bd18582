import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterOf, errorOf, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe("resize (PATCH /clusters/{id}, also POST /clusters/{id}/resize)", () => {
  it("grows a ready cluster: resizing, new ranks join and are billed, then ready", async () => {
    const key = h.newKey();
    const c = await h.createReady(key, { name: "grow", node_count: 2 });
    expect(c.resize).toBe(true);
    const res = await h.call("PATCH", `/clusters/${c.id}`, { key, body: { node_count: 4 } });
    expect(res.status).toBe(200);
    const resizing = clusterOf(res);
    expect(resizing.status).toBe("resizing");
    expect(resizing.node_count).toBe(4);
    expect(resizing.billing?.nodes_billed).toBe(2);
    expect(resizing.nodes?.map((n) => [n.name, n.status])).toEqual([
      ["grow-0", "running"],
      ["grow-1", "running"],
      ["grow-2", "pending"],
      ["grow-3", "pending"],
    ]);
    await h.control.advance(120);
    const done = await h.getCluster(key, c.id);
    expect(done.status).toBe("ready");
    expect(done.billing?.nodes_billed).toBe(4);
    expect(done.hourly_rate).toBeCloseTo(19.92 * 4, 2);
    expect(done.connection?.hostfile?.trim().split("\n")).toHaveLength(4);
    expect(
      done.events
        ?.filter((e) => e.kind === "node_added")
        .map((e) => e.rank)
        .sort(),
    ).toEqual([2, 3]);
  });

  it("shrinks from the highest ranks and stops billing them", async () => {
    const key = h.newKey();
    const c = await h.createReady(key, { name: "shrink", node_count: 4 });
    const res = await h.call("POST", `/clusters/${c.id}/resize`, { key, body: { node_count: 2 } });
    expect(res.status).toBe(200);
    await h.control.advance(60);
    const done = await h.getCluster(key, c.id);
    expect(done.status).toBe("ready");
    expect(done.nodes?.map((n) => n.name)).toEqual(["shrink-0", "shrink-1"]);
    expect(done.billing?.nodes_billed).toBe(2);
    expect(done.events?.filter((e) => e.kind === "node_removed").map((e) => e.rank)).toEqual([3, 2]);
  });

  it("answers 409 on a cluster whose offer cannot be resized", async () => {
    const key = h.newKey();
    const c = await h.createReady(key, { offer_id: "h200-sxm-8x-ib-ashburn", stack: "none" });
    expect(c.resize).toBe(false);
    const res = await h.call("PATCH", `/clusters/${c.id}`, { key, body: { node_count: 3 } });
    expect(res.status).toBe(409);
    expect(errorOf(res).code).toBe("not_resizable");
  });

  it("answers 409 while the cluster is not ready", async () => {
    const key = h.newKey();
    const c = clusterOf(await h.create(key));
    const res = await h.call("PATCH", `/clusters/${c.id}`, { key, body: { node_count: 3 } });
    expect(res.status).toBe(409);
    expect(errorOf(res).details?.status).toBe("provisioning");
  });

  it("applies the create count rules (422 on node_count)", async () => {
    const key = h.newKey();
    const c = await h.createReady(key, { offer_id: "h100-sxm-8x-ib-helsinki", node_count: 2 });
    for (const body of [{ node_count: 3 }, { node_count: 1 }, { node_count: 32 }, { nodes: 4 }]) {
      const res = await h.call("PATCH", `/clusters/${c.id}`, { key, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(errorOf(res).details?.field).toBe("node_count");
    }
    expect((await h.call("PATCH", `/clusters/${c.id}`, { key, body: { node_count: 4 } })).status).toBe(200);
  });

  it("needs a balance for one hour at the new size to grow (402)", async () => {
    const key = h.newKey();
    const c = await h.createReady(key, { node_count: 2 });
    await h.control.setBalance(key, 50);
    const res = await h.call("PATCH", `/clusters/${c.id}`, { key, body: { node_count: 4 } });
    expect(res.status).toBe(402);
    expect(errorOf(res).details).toEqual({ required: 79.68, balance: 50 });
  });

  it("answers 400 for a body that is not JSON", async () => {
    const key = h.newKey();
    const c = await h.createReady(key);
    expect((await h.call("PATCH", `/clusters/${c.id}`, { key, rawBody: "node_count=4" })).status).toBe(400);
  });
});
