import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceResponseSchema } from "@/lib/runcrate/schemas";
import { clusterOf, clustersOf, errorOf, parseWith, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const hoursSince = (iso: string | null | undefined) => (h.control.now() - Date.parse(iso ?? "")) / 3_600_000;

describe("billing", () => {
  it("deducts hourly_rate continuously from billed_since, and reports the burn", async () => {
    const key = h.newKey();
    const c = await h.createReady(key, { node_count: 4 });
    await h.control.advance(1800);
    const expected = 500 - 19.92 * 4 * hoursSince(c.billing?.billed_since);
    const bal = parseWith(balanceResponseSchema, await h.call("GET", "/billing/balance", { key })).data;
    expect(bal.creditsBalance).toBeCloseTo(expected, 2);
    expect(bal.activeUsageCost).toBeCloseTo(79.68, 2);
  });

  it("bills nothing while provisioning, before up_at", async () => {
    const key = h.newKey();
    const c = clusterOf(await h.create(key, { node_count: 4 }));
    await h.control.advance(10);
    expect((await h.getCluster(key, c.id)).up_at).toBeNull();
    expect(await h.balance(key)).toBe(500);
  });

  it("terminates a billed cluster with insufficient_credits at the instant the balance reaches zero", async () => {
    const key = h.newKey();
    const c = await h.createReady(key, { node_count: 4 });
    expect(await h.balance(key)).toBeLessThan(500);
    // $79.68/h: $20 lasts about 15 minutes.
    await h.control.setBalance(key, 20);
    const zeroAt = h.control.now() + (20 / 79.68) * 3_600_000;
    await h.control.advance(3600);
    const dead = await h.getCluster(key, c.id);
    expect(dead.status).toBe("terminated");
    expect(dead.failure_reason).toBe("insufficient_credits");
    expect(dead.failure_detail).toMatch(/balance reached \$0\.00/);
    expect(Math.abs(Date.parse(dead.terminated_at ?? "") - zeroAt)).toBeLessThan(1000);
    expect(dead.billing?.nodes_billed).toBe(0);
    expect(await h.balance(key)).toBe(0);
  });

  it("terminates a cluster reaching up_at on a zero balance at that instant, billing nothing", async () => {
    const key = h.newKey();
    const c = clusterOf(await h.create(key, { name: "late" }));
    await h.control.setBalance(key, 0);
    await h.control.advance(300);
    const late = await h.getCluster(key, c.id);
    expect(late.status).toBe("terminated");
    expect(late.failure_reason).toBe("insufficient_credits");
    expect(late.terminated_at).toBe(late.up_at);
    expect(await h.balance(key)).toBe(0);
  });
});

describe("DELETE /clusters/{id}", () => {
  it("answers 200 terminating, then terminated; repeats are harmless; billing stops", async () => {
    const key = h.newKey();
    const c = await h.createReady(key);
    const del = await h.call("DELETE", `/clusters/${c.id}`, { key });
    expect(del.status).toBe(200);
    const terminating = clusterOf(del);
    expect(terminating.status).toBe("terminating");
    expect(terminating.terminated_at).toBeNull();
    expect(terminating.events?.at(-1)?.kind).toBe("terminate_requested");
    const again = await h.call("DELETE", `/clusters/${c.id}`, { key });
    expect(again.status).toBe(200);
    expect(clusterOf(again).status).toBe("terminating");
    await h.control.advance(10);
    const done = await h.getCluster(key, c.id);
    expect(done.status).toBe("terminated");
    expect(done.terminated_at).not.toBeNull();
    expect(done.nodes?.every((n) => n.status === "terminated")).toBe(true);
    expect(done.billing?.nodes_billed).toBe(0);
    expect(done.events?.at(-1)?.kind).toBe("cluster_terminated");
    const afterStop = await h.balance(key);
    const spent = 500 - afterStop;
    const billedHours =
      (Date.parse(done.terminated_at ?? "") - Date.parse(done.billing?.billed_since ?? "")) / 3_600_000;
    expect(spent).toBeCloseTo(c.hourly_rate_per_node * 2 * billedHours, 3);
    await h.control.advance(3600);
    expect(await h.balance(key)).toBe(afterStop);
    expect(clusterOf(await h.call("DELETE", `/clusters/${c.id}`, { key })).status).toBe("terminated");
  });

  it("terminates a cluster that is still provisioning without billing it", async () => {
    const key = h.newKey();
    const c = clusterOf(await h.create(key));
    await h.control.advance(5);
    expect((await h.call("DELETE", `/clusters/${c.id}`, { key })).status).toBe(200);
    await h.control.advance(300);
    const done = await h.getCluster(key, c.id);
    expect(done.status).toBe("terminated");
    expect(done.up_at).toBeNull();
    expect(await h.balance(key)).toBe(500);
  });

  it("answers 404 for an unknown id", async () => {
    const res = await h.call("DELETE", "/clusters/3c90c3cc-0d44-4b50-8888-8dd25736052a", { key: h.newKey() });
    expect(res.status).toBe(404);
    expect(errorOf(res).code).toBe("not_found");
  });

  it("keeps terminated clusters in GET /clusters, newest first", async () => {
    const key = h.newKey();
    const first = clusterOf(await h.create(key, { name: "first" }));
    await h.control.advance(1);
    const second = clusterOf(await h.create(key, { name: "second" }));
    await h.call("DELETE", `/clusters/${first.id}`, { key });
    await h.control.advance(60);
    const list = clustersOf(await h.call("GET", "/clusters", { key }));
    expect(list.map((c) => [c.name, c.status])).toEqual([
      ["second", "ready"],
      ["first", "terminated"],
    ]);
    expect(list[0]?.id).toBe(second.id);
  });
});
