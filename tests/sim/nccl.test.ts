import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cluster } from "@/lib/runcrate/schemas";
import { clusterOf, errorOf, startHarness, testOf, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function runTest(key: string, c: Cluster): Promise<Cluster> {
  const res = await h.call("POST", `/clusters/${c.id}/tests`, { key, body: { kind: "nccl_all_reduce" } });
  expect(res.status).toBe(202);
  await h.control.advance(700);
  const done = await h.getCluster(key, c.id);
  expect(done.last_test?.status).toBe("passed");
  return done;
}

describe("POST /clusters/{id}/tests (nccl_all_reduce)", () => {
  it("answers 202 with a running test, takes a few simulated minutes, then passes", async () => {
    const key = h.newKey();
    const c = await h.createReady(key, { node_count: 4 });
    const res = await h.call("POST", `/clusters/${c.id}/tests`, { key });
    expect(res.status).toBe(202);
    const test = testOf(res);
    expect(test).toMatchObject({
      kind: "nccl_all_reduce",
      status: "running",
      finished_at: null,
      result: null,
    });
    await h.control.advance(60);
    const running = await h.getCluster(key, c.id);
    expect(running.last_test?.id).toBe(test.id);
    expect(running.last_test?.status).toBe("running");
    await h.control.advance(540);
    const done = await h.getCluster(key, c.id);
    expect(done.last_test?.status).toBe("passed");
    const minutes =
      (Date.parse(done.last_test?.finished_at ?? "") - Date.parse(done.last_test?.started_at ?? "")) / 60_000;
    expect(minutes).toBeGreaterThanOrEqual(1.5);
    expect(minutes).toBeLessThanOrEqual(10);
    expect(done.events?.map((e) => e.kind).slice(-2)).toEqual(["test_started", "test_finished"]);
  });

  it("yields results that fit the interconnect: 8 B … 8 GiB doubling, busbw = algbw × 2(n−1)/n, peak below the link", async () => {
    const key = h.newKey();
    const c = await runTest(key, await h.createReady(key, { node_count: 4 }));
    const r = c.last_test?.result;
    const n = 4 * 8;
    expect(r?.nodes).toBe(4);
    expect(r?.gpus).toBe(n);
    const sizes = r?.sizes ?? [];
    expect(sizes[0]?.bytes).toBe(8);
    expect(sizes.at(-1)?.bytes).toBe(8 * 1024 ** 3);
    sizes.slice(1).forEach((s, i) => expect(s.bytes).toBe((sizes[i]?.bytes ?? 0) * 2));
    for (const s of sizes) {
      expect(s.busbw_gb_s).toBeCloseTo((s.algbw_gb_s * 2 * (n - 1)) / n, 1);
      expect(s.time_us).toBeGreaterThan(0);
    }
    const peak = Math.max(...sizes.map((s) => s.busbw_gb_s));
    expect(r?.peak_busbw_gb_s).toBe(peak);
    const linkGBs = (c.interconnect?.rate_gbps ?? 0) / 8;
    expect(peak).toBeLessThan(linkGBs);
    expect(peak).toBeGreaterThan(linkGBs * 0.75);
    expect(r?.note).toMatch(/InfiniBand/);
    expect(r?.error ?? null).toBeNull();
  });

  it("gives Ethernet far less bus bandwidth than InfiniBand, and says why", async () => {
    const key = h.newKey();
    const ib = await runTest(key, await h.createReady(key, { node_count: 2, stack: "none" }));
    const eth = await runTest(
      key,
      await h.createReady(key, { offer_id: "a100-sxm-8x-eth-tokyo", node_count: 2, stack: "none" }),
    );
    const ibPeak = ib.last_test?.result?.peak_busbw_gb_s ?? 0;
    const ethPeak = eth.last_test?.result?.peak_busbw_gb_s ?? 0;
    expect(ethPeak).toBeLessThan(100 / 8);
    expect(ethPeak * 20).toBeLessThan(ibPeak);
    expect(eth.last_test?.result?.note).toMatch(/TCP/);
  });

  it("answers 409 when the cluster is not ready, or a test is already running", async () => {
    const key = h.newKey();
    const c = clusterOf(await h.create(key));
    const early = await h.call("POST", `/clusters/${c.id}/tests`, { key });
    expect(early.status).toBe(409);
    expect(errorOf(early).code).toBe("invalid_state");
    await h.control.advance(180);
    expect((await h.call("POST", `/clusters/${c.id}/tests`, { key })).status).toBe(202);
    const twice = await h.call("POST", `/clusters/${c.id}/tests`, { key });
    expect(twice.status).toBe(409);
    expect(errorOf(twice).code).toBe("test_running");
    await h.control.advance(700);
    expect((await h.call("POST", `/clusters/${c.id}/tests`, { key })).status).toBe(202);
  });

  it("rejects an unknown test kind (422)", async () => {
    const key = h.newKey();
    const c = await h.createReady(key);
    const res = await h.call("POST", `/clusters/${c.id}/tests`, { key, body: { kind: "nccl_all_gather" } });
    expect(res.status).toBe(422);
    expect(errorOf(res).details?.field).toBe("kind");
  });

  it("fails a running test when the cluster is terminated", async () => {
    const key = h.newKey();
    const c = await h.createReady(key);
    await h.call("POST", `/clusters/${c.id}/tests`, { key });
    await h.call("DELETE", `/clusters/${c.id}`, { key });
    const after = await h.getCluster(key, c.id);
    expect(after.last_test?.status).toBe("failed");
    expect(after.last_test?.result?.error).toMatch(/terminated/);
  });
});
