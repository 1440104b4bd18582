import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  INTERCONNECT_KINDS,
  balanceResponseSchema,
  clusterResponseSchema,
  clustersResponseSchema,
  environmentsResponseSchema,
  offersResponseSchema,
  sshKeysResponseSchema,
  storageResponseSchema,
  testResponseSchema,
  type Offer,
} from "@/lib/runcrate/schemas";
import { buildCatalogue } from "@/sim/catalogue";
import { clusterOf, parseWith, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function offers(query = ""): Promise<Offer[]> {
  return parseWith(offersResponseSchema, await h.call("GET", `/clusters/offers${query}`, { key: h.newKey() }))
    .data;
}

describe("every /api/v1 response validates against the shared schemas", () => {
  it("offers, SSH keys, storage, balance and environments", async () => {
    const key = h.newKey();
    parseWith(offersResponseSchema, await h.call("GET", "/clusters/offers?include_community=true", { key }));
    expect(parseWith(sshKeysResponseSchema, await h.call("GET", "/ssh-keys", { key })).data).toHaveLength(2);
    expect(parseWith(storageResponseSchema, await h.call("GET", "/storage", { key })).data).toHaveLength(2);
    expect(parseWith(balanceResponseSchema, await h.call("GET", "/billing/balance", { key })).data).toEqual({
      creditsBalance: 500,
      activeUsageCost: 0,
    });
    expect(
      parseWith(environmentsResponseSchema, await h.call("GET", "/environments", { key })).data,
    ).toHaveLength(2);
  });

  it("clusters in every state, the list, a test, terminate and resize responses", async () => {
    const key = h.newKey();
    const created = await h.create(key, { node_count: 3 });
    parseWith(clusterResponseSchema, created);
    const id = clusterOf(created).id;
    for (const step of [3, 15, 10, 20, 60]) {
      await h.control.advance(step);
      parseWith(clusterResponseSchema, await h.call("GET", `/clusters/${id}`, { key }));
    }
    parseWith(testResponseSchema, await h.call("POST", `/clusters/${id}/tests`, { key }));
    await h.control.advance(700);
    parseWith(clusterResponseSchema, await h.call("GET", `/clusters/${id}`, { key }));
    parseWith(
      clusterResponseSchema,
      await h.call("PATCH", `/clusters/${id}`, { key, body: { node_count: 4 } }),
    );
    await h.control.advance(2);
    parseWith(clustersResponseSchema, await h.call("GET", "/clusters", { key }));
    parseWith(clusterResponseSchema, await h.call("DELETE", `/clusters/${id}`, { key }));
    await h.control.advance(30);
    const list = parseWith(clustersResponseSchema, await h.call("GET", "/clusters", { key }));
    expect(list.meta).toEqual({ total: 1, hasMore: false });
    await h.control.faults({ failNextCreate: true });
    const failed = clusterOf(await h.create(key));
    await h.control.advance(100);
    parseWith(clusterResponseSchema, await h.call("GET", `/clusters/${failed.id}`, { key }));
    await h.control.clearFaults();
  });
});

describe("the offer catalogue", () => {
  it("hides community offers unless include_community=true", async () => {
    const plain = await offers();
    const all = await offers("?include_community=true");
    expect(plain.every((o) => o.host_tier === "datacenter")).toBe(true);
    expect(all.some((o) => o.host_tier === "community")).toBe(true);
    expect(all.length).toBeGreaterThanOrEqual(24);
  });

  it("keeps only volume-capable offers with volume=true (never community)", async () => {
    const withVolume = await offers("?volume=true&include_community=true");
    expect(withVolume.length).toBeGreaterThan(0);
    expect(
      withVolume.every(
        (o) => o.volume === true && o.host_tier === "datacenter" && o.deployment_type === "vm",
      ),
    ).toBe(true);
    expect((await offers("?volume=false")).length).toBe((await offers()).length);
  });

  it("exercises every rule: tiers, interconnects, deployments, counts, stacks, volumes, GPUs", async () => {
    const all = await offers("?include_community=true");
    const set = <T>(f: (o: Offer) => T) => new Set(all.map(f));
    expect(set((o) => o.host_tier)).toEqual(new Set(["datacenter", "community"]));
    expect(set((o) => o.interconnect?.kind)).toEqual(new Set(INTERCONNECT_KINDS));
    expect(set((o) => o.deployment_type)).toEqual(new Set(["vm", "container"]));
    expect(set((o) => (o.allowed_node_counts ? "allowed" : "range"))).toEqual(new Set(["allowed", "range"]));
    expect(set((o) => o.volume)).toEqual(new Set([true, false]));
    expect(all.some((o) => o.host_tier === "datacenter" && !o.volume)).toBe(true);
    expect(set((o) => o.stacks.join(",")).size).toBeGreaterThanOrEqual(6);
    expect(all.some((o) => !o.stacks.includes("none"))).toBe(true);
    expect(all.some((o) => o.min_nodes > 2)).toBe(true);
    for (const gpu of ["H100 SXM", "H200 SXM", "B200", "A100 SXM", "L40S", "RTX 4090"])
      expect(set((o) => o.gpu_type).has(gpu)).toBe(true);
    for (const o of all) {
      expect(o.id).toMatch(/^[a-z0-9-]+$/);
      expect(o.hourly_rate_per_node).toBeGreaterThan(0);
      expect(o.interconnect?.rate_gbps).toBeGreaterThan(0);
      expect(o.min_nodes).toBeLessThanOrEqual(o.max_nodes);
      if (o.host_tier === "community") expect(o.volume).toBe(false);
    }
    expect(set((o) => o.id).size).toBe(all.length);
    // Realistic prices: an 8× H100 node costs between $15 and $25 an hour.
    const h100 = all.find((o) => o.id === "h100-sxm-8x-ib-dallas");
    expect(h100?.hourly_rate_per_node).toBeGreaterThan(15);
    expect(h100?.hourly_rate_per_node).toBeLessThan(25);
  });

  it("generates a large deterministic catalogue for SIM_OFFERS", async () => {
    const big = buildCatalogue(2000);
    expect(big).toHaveLength(2000);
    expect(new Set(big.map((o) => o.id)).size).toBe(2000);
    expect(buildCatalogue(2000).map((o) => o.id)).toEqual(big.map((o) => o.id));
    expect(buildCatalogue(5)).toHaveLength(5);
    const h2 = await startHarness({ offers: 500 });
    try {
      const res = await h2.call("GET", "/clusters/offers?include_community=true", { key: h2.newKey() });
      expect(parseWith(offersResponseSchema, res).data).toHaveLength(500);
      const generated = big.at(-1);
      const created = await h2.create(h2.newKey(), {
        offer_id: big[499]?.id,
        node_count: big[499]?.min_nodes,
        stack: "none",
        include_community: big[499]?.host_tier === "community",
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(generated?.stacks).toContain("none");
    } finally {
      await h2.close();
    }
  });
});
