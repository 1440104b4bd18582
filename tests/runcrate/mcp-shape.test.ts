/**
 * The API as Runcrate's own tool descriptions give it (runcrate-api.md §6), read by the real client against the
 * simulator's mcp-shape variant, beside the same reads in the REST page's shape: the console reads both.
 */
import { WHOLE_LIST } from "@/tests/support/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureDisplay } from "@/lib/clusters/failure";
import { testStartBlocked } from "@/lib/clusters/nccl";
import { rankCommands } from "@/lib/clusters/rank-commands";
import { sshConfig } from "@/lib/clusters/ssh-config";
import { sshTargets } from "@/lib/clusters/ssh-targets";
import { clusterBadgeLabel, isUpStatus, statusInfo } from "@/lib/clusters/status";
import { balanceRunway } from "@/lib/spend/estimate";
import { balanceSchema, offerSchema } from "@/lib/runcrate/schemas";
import { createRuncrateClient } from "@/lib/runcrate/server/client";
import { completeSummaries, isSummary } from "@/lib/runcrate/server/summaries";
import type { RunningSimulator } from "@/sim/server";
import { TEST_KEY } from "@/tests/support/runcrate-bodies";
import { json, startScriptedServer } from "@/tests/support/scripted-server";
import {
  captureLog,
  clientFor,
  freshKey,
  setVariants,
  simClient,
  startSim,
} from "@/tests/runcrate/support-sim";

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(async () => {
  await sim.close();
});

/** A workspace answered in the tool descriptions' shape. */
async function mcpKey(): Promise<string> {
  const key = freshKey();
  await setVariants(sim, key, ["mcp-shape"]);
  return key;
}

async function rawOffers(key: string, query = "include_community=true") {
  const r = await fetch(`${sim.apiUrl}/clusters/offers?${query}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return { status: r.status, body: (await r.json()) as { data: Record<string, unknown>[] } };
}

/** An offer's fields without its id, as either shape sends them. */
const offerBody = () => ({
  gpu_type: "H100 SXM",
  gpus_per_node: 8,
  deployment_type: "vm",
  host_tier: "datacenter",
  hourly_rate_per_node: 10,
  min_nodes: 2,
  max_nodes: 8,
  stacks: ["none"],
});

describe("offers", () => {
  it("the variant names the id offer_id and adds stock, the machine and the cluster's rate", async () => {
    const { body } = await rawOffers(await mcpKey(), "include_community=true&nodes=4");
    const dallas = body.data.find((o) => o.offer_id === "h100-sxm-8x-ib-dallas");
    expect(dallas).toBeDefined();
    expect(dallas).not.toHaveProperty("id");
    expect(dallas).toMatchObject({
      hourly_rate_per_node: 19.92,
      hourly_rate: 79.68,
      nodes_available: 32,
      node: { vcpus: 192, memory_gb: 1920, storage_gb: 7680, vram_gb: 80 },
    });
    const community = body.data.find((o) => o.host_tier === "community");
    expect(community?.nodes_available).toBeNull();
  });

  it("the client reads the same offers from both shapes, and the id it holds launches a cluster", async () => {
    const plain = await clientFor(sim, freshKey()).listOffers({ includeCommunity: true });
    const key = await mcpKey();
    const c = clientFor(sim, key);
    const offers = await c.listOffers({ includeCommunity: true, nodes: 4 });
    expect(offers.notes).toEqual(WHOLE_LIST);
    expect(offers.items.map((o) => o.id)).toEqual(plain.items.map((o) => o.id));
    const dallas = offers.items.find((o) => o.id === "h100-sxm-8x-ib-dallas");
    expect(dallas).toMatchObject({ hourly_rate: 79.68, nodes_available: 32, node: { vram_gb: 80 } });
    expect(plain.items.find((o) => o.id === "h100-sxm-8x-ib-dallas")?.hourly_rate).toBeUndefined();

    const { cluster } = await c.createCluster(
      { name: "mcp-offer-id", offer_id: dallas!.id, node_count: 2, stack: "none" },
      { idempotencyKey: crypto.randomUUID() },
    );
    expect(cluster.offer_id).toBe("h100-sxm-8x-ib-dallas");
  });

  it("pages of offer_id offers are read once each (offset-paging)", async () => {
    const plain = await clientFor(sim, freshKey()).listOffers({ includeCommunity: true });
    const key = freshKey();
    await setVariants(sim, key, ["mcp-shape", "offset-paging:5"]);
    const offers = await clientFor(sim, key).listOffers({ includeCommunity: true });
    expect(offers.items.map((o) => o.id)).toEqual(plain.items.map((o) => o.id));
    expect(offers.notes).toEqual(WHOLE_LIST);
  });

  it("an offer that has run out says 0 available", async () => {
    const key = await mcpKey();
    await simClient(sim.url).faults({ soldOutOffers: ["h100-sxm-8x-ib-helsinki"] });
    try {
      const offers = await clientFor(sim, key).listOffers();
      expect(offers.items.find((o) => o.id === "h100-sxm-8x-ib-helsinki")?.nodes_available).toBe(0);
    } finally {
      await simClient(sim.url).clearFaults();
    }
  });

  it("the simulator refuses a node count outside 2–64 on the offers query", async () => {
    for (const nodes of ["1", "65", "two"]) {
      const r = await rawOffers(await mcpKey(), `nodes=${nodes}`);
      expect(r.status, nodes).toBe(400);
      expect(JSON.stringify(r.body)).toContain("nodes must be a whole number from 2 to 64");
    }
  });

  it("offer_id wins over id; an item with neither fails on offer_id and the list counts it", async () => {
    const base = offerBody();
    expect(offerSchema.parse({ ...base, offer_id: "new", id: "old" }).id).toBe("new");
    expect(offerSchema.parse({ ...base, id: 42 }).id).toBe("42");
    const neither = offerSchema.safeParse(base);
    expect(neither.success).toBe(false);
    expect(neither.error?.issues.map((i) => i.path.join("."))).toEqual(["offer_id"]);
    // Odd optional fields never cost the offer: they read as unknown.
    const odd = offerSchema.parse({ ...base, offer_id: "x", nodes_available: "many", node: "big" });
    expect(odd).toMatchObject({ id: "x", nodes_available: null, node: null });
  });
});

describe("a list with an item of neither shape", () => {
  it("keeps the rest, counts the one it left out and logs offer_id as the field", async () => {
    const server = await startScriptedServer();
    try {
      const offer = (id: Record<string, string>) => ({ ...id, ...offerBody() });
      server.script(json(200, { data: [offer({ offer_id: "a" }), offer({}), offer({ id: "c" })] }));
      const cap = captureLog();
      const c = createRuncrateClient({ apiKey: TEST_KEY, baseUrl: server.baseUrl, logger: cap.logger });
      const offers = await c.listOffers({ nodes: 3 });
      expect(offers.items.map((o) => o.id)).toEqual(["a", "c"]);
      expect(offers.notes).toEqual({ unreadable: 1, incomplete: false, fields: ["offer_id"] });
      const line = cap.lines.find((l) => l.kind === "items_dropped");
      expect(line?.issues).toEqual(["data.1.offer_id"]);
      expect(server.requests[0]?.url.searchParams.get("nodes")).toBe("3");
    } finally {
      await server.close();
    }
  });
});

describe("cluster lists", () => {
  /** A workspace with one ready cluster and one terminated one, answered in `variants`. */
  async function twoClusters(variants: string[]) {
    const key = freshKey();
    const sc = simClient(sim.url);
    const offer = (await sc.offers(key)).find((o) => o.id === "h100-sxm-8x-ib-dallas")!;
    const { cluster: live } = await sc.createCluster(key, { offer, name: "live", stack: "none" });
    const { cluster: ended } = await sc.createCluster(key, { offer, name: "ended", stack: "none" });
    sim.clock.advance(600);
    await sc.terminate(key, ended.id);
    sim.clock.advance(600);
    await setVariants(sim, key, variants);
    return { key, live: live.id, ended: ended.id };
  }

  const rawList = async (key: string, query = "") => {
    const r = await fetch(`${sim.apiUrl}/clusters${query}`, { headers: { authorization: `Bearer ${key}` } });
    return ((await r.json()) as { data: Record<string, unknown>[] }).data;
  };

  it("the variant lists active clusters only, as summaries, unless asked for status=all", async () => {
    const { key, live, ended } = await twoClusters(["mcp-shape"]);
    const active = await rawList(key);
    expect(active.map((c) => c.id)).toEqual([live]);
    expect(Object.keys(active[0]!).sort()).toEqual(
      [
        "gpu_type",
        "gpus_per_node",
        "hourly_rate",
        "hourly_rate_per_node",
        "id",
        "interconnect",
        "location",
        "name",
        "node_count",
        "stack",
        "status",
      ].sort(),
    );
    expect((await rawList(key, "?status=all")).map((c) => c.id).sort()).toEqual([live, ended].sort());
  });

  it("the client asks for status=all, so ended clusters are listed in either shape", async () => {
    for (const variants of [[], ["mcp-shape"]]) {
      const { key, live, ended } = await twoClusters(variants);
      const list = await clientFor(sim, key).listClusters();
      expect(list.items.map((c) => c.id).sort(), variants.join() || "plain").toEqual([live, ended].sort());
    }
  });

  it("summaries are completed by reading each cluster, and an ended one is read once", async () => {
    const { key, live, ended } = await twoClusters(["mcp-shape"]);
    const c = clientFor(sim, key);
    const reads: string[] = [];
    const read = (id: string) => {
      reads.push(id);
      return c.getCluster(id);
    };
    const listed = await c.listClusters();
    expect(listed.items.every(isSummary)).toBe(true);
    const first = await completeSummaries(listed, key, read);
    for (const cl of first.items) {
      expect(isSummary(cl)).toBe(false);
      expect(cl.created_at).toEqual(expect.any(String));
      expect(cl.nodes?.length).toBe(2);
    }
    expect(first.items.find((x) => x.id === ended)?.terminated_at).toEqual(expect.any(String));
    expect(reads.sort()).toEqual([live, ended].sort());
    reads.length = 0;
    await completeSummaries(await c.listClusters(), key, read);
    expect(reads).toEqual([live]);
  });

  it("a summary whose read fails stays in the list as it is; full items are never read again", async () => {
    const { key } = await twoClusters(["mcp-shape"]);
    const c = clientFor(sim, key);
    const listed = await c.listClusters();
    const kept = await completeSummaries(listed, `${key} failing`, () => Promise.reject(new Error("down")));
    expect(kept).toEqual(listed);
    const plainKey = (await twoClusters([])).key;
    const full = await clientFor(sim, plainKey).listClusters();
    const none = await completeSummaries(full, plainKey, () => Promise.reject(new Error("not called")));
    expect(none).toBe(full);
  });
});

describe("statuses", () => {
  it("installing: machines up while the stack installs, between provisioning and ready", async () => {
    const key = await mcpKey();
    const c = clientFor(sim, key);
    const { cluster } = await c.createCluster(
      { name: "mcp-installing", offer_id: "h100-sxm-8x-ib-dallas", node_count: 2, stack: "slurm" },
      { idempotencyKey: crypto.randomUUID() },
    );
    const seen: string[] = [cluster.status];
    for (let i = 0; i < 120 && seen.at(-1) !== "ready"; i++) {
      sim.clock.advance(10);
      const s = (await c.getCluster(cluster.id)).status;
      if (s !== seen.at(-1)) seen.push(s);
      if (s === "installing") {
        const now = await c.getCluster(cluster.id);
        expect(now.up_at).toEqual(expect.any(String));
        expect(clusterBadgeLabel(now)).toBe("Installing Slurm");
        expect(statusInfo(now.status)).toMatchObject({ known: true, tone: "progress", terminal: false });
        expect(testStartBlocked(now)).toMatch(/still coming up/);
      }
    }
    expect(seen).toEqual(["provisioning", "installing", "ready"]);
  });

  it("degraded: a ready cluster with a problem, still usable, its reason shown as a warning", async () => {
    const key = freshKey();
    const c = clientFor(sim, key);
    const { cluster } = await c.createCluster(
      { name: "mcp-degraded", offer_id: "h100-sxm-8x-ib-dallas", node_count: 4, stack: "none" },
      { idempotencyKey: crypto.randomUUID() },
    );
    sim.clock.advance(600);
    expect((await c.getCluster(cluster.id)).status).toBe("ready");
    await setVariants(sim, key, ["mcp-shape", "failure-reason-running"]);
    const now = await c.getCluster(cluster.id);
    expect(now.status).toBe("degraded");
    expect(statusInfo(now.status)).toMatchObject({ label: "Degraded", tone: "warning", terminal: false });
    expect(isUpStatus(now.status)).toBe(true);
    expect(testStartBlocked(now)).toBeNull();
    expect(failureDisplay(now)).toBe("warning");
    expect(now.failure_detail).toMatch(/GPU 5 reports rising ECC errors/);
  });

  it("a status no one knows stays as it was sent", () => {
    expect(statusInfo("draining")).toMatchObject({ label: "draining", known: false, terminal: false });
  });
});

describe("ranks and SSH", () => {
  it("machines without public addresses are reached through the gateway's host and ports; rank 0 is the head", async () => {
    const key = await mcpKey();
    const c = clientFor(sim, key);
    const { cluster } = await c.createCluster(
      { name: "mcp-gw", offer_id: "h100-sxm-8x-ib-dallas", node_count: 3, stack: "none" },
      { idempotencyKey: crypto.randomUUID() },
    );
    expect(cluster.nodes?.every((n) => n.ssh_command == null)).toBe(true);
    sim.clock.advance(600);
    const ready = await c.getCluster(cluster.id);
    expect(ready.nodes?.every((n) => n.ip === null)).toBe(true);
    const targets = sshTargets(ready);
    expect(targets.map((t) => [t.name, t.nodeRank, t.host])).toEqual([
      ["mcp-gw-0", 0, "gw-us.ssh.runcrate.sim"],
      ["mcp-gw-1", 1, "gw-us.ssh.runcrate.sim"],
      ["mcp-gw-2", 2, "gw-us.ssh.runcrate.sim"],
    ]);
    expect(new Set(targets.map((t) => t.port)).size).toBe(3);
    expect(targets.every((t) => t.port !== 22 && t.jump === null)).toBe(true);
    expect(sshConfig(ready)).toContain(
      `Host mcp-gw-0\n  HostName gw-us.ssh.runcrate.sim\n  Port ${targets[0]!.port}`,
    );
    expect(ready.nodes?.find((n) => n.rank === 0)?.role).toBe("head");
    expect(ready.connection?.env?.MASTER_ADDR).toBe(ready.nodes?.find((n) => n.rank === 0)?.overlay_address);
    expect(rankCommands(ready, "torchrun").map((r) => r.nodeRank)).toEqual([0, 1, 2]);
  });
});

describe("events", () => {
  it("a read holds the last 50 events only; the plain shape holds them all", async () => {
    const key = freshKey();
    const c = clientFor(sim, key);
    const { cluster } = await c.createCluster(
      { name: "mcp-events", offer_id: "gh200-1x-ib-dallas", node_count: 2, stack: "none" },
      { idempotencyKey: crypto.randomUUID() },
    );
    sim.clock.advance(600);
    // Each NCCL test adds its own events: run enough of them to pass 50.
    for (let i = 0; i < 30 && ((await c.getCluster(cluster.id)).events?.length ?? 0) <= 60; i++) {
      await c.startTest(cluster.id);
      sim.clock.advance(900);
    }
    const all = (await c.getCluster(cluster.id)).events ?? [];
    expect(all.length).toBeGreaterThan(60);
    await setVariants(sim, key, ["mcp-shape"]);
    const last = (await c.getCluster(cluster.id)).events ?? [];
    expect(last).toHaveLength(50);
    expect(last.map((e) => e.id)).toEqual(all.slice(-50).map((e) => e.id));
    expect(last.some((e) => e.kind === "cluster_created")).toBe(false);
  });
});

describe("balance", () => {
  it("reads floating_balance_usd, burn_usd_per_hour and runway_hours, and computes them from the old names", async () => {
    const key = freshKey();
    const c = clientFor(sim, key);
    await c.createCluster(
      { name: "mcp-burn", offer_id: "h100-sxm-8x-ib-dallas", node_count: 2, stack: "none" },
      { idempotencyKey: crypto.randomUUID() },
    );
    sim.clock.advance(600);
    const plain = await c.getBalance();
    expect(plain.runway_hours).toBeUndefined();
    expect(plain.activeUsageCost).toBe(39.84);
    expect(balanceRunway(plain, 39.84)).toBeCloseTo(plain.creditsBalance / 39.84, 6);

    await setVariants(sim, key, ["mcp-shape"]);
    const mcp = await c.getBalance();
    expect(mcp).toMatchObject({ creditsBalance: plain.creditsBalance, activeUsageCost: 39.84 });
    expect(mcp.floating_balance_usd).toBe(plain.creditsBalance);
    expect(mcp.runway_hours).toBeCloseTo(plain.creditsBalance / 39.84, 1);
    expect(balanceRunway(mcp, 1)).toBe(mcp.runway_hours);
  });

  it("runway_hours null means nothing runs; a balance with neither name fails on creditsBalance", () => {
    const idle = balanceSchema.parse({ floating_balance_usd: 120, burn_usd_per_hour: 0, runway_hours: null });
    expect(idle).toMatchObject({ creditsBalance: 120, activeUsageCost: 0, runway_hours: null });
    expect(balanceRunway(idle, 0)).toBeNull();
    // Both shapes at once: the newer figures win.
    expect(balanceSchema.parse({ creditsBalance: 500, floating_balance_usd: 480 }).creditsBalance).toBe(480);
    const none = balanceSchema.safeParse({ burn_usd_per_hour: 3 });
    expect(none.error?.issues.map((i) => i.path.join("."))).toEqual(["creditsBalance"]);
  });
});
