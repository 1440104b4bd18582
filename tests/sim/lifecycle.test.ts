import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cluster } from "@/lib/runcrate/schemas";
import { clusterOf, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const eventIdsIncrease = (c: Cluster) => {
  const ids = (c.events ?? []).map((e) => e.id);
  expect(ids[0]).toBe(1);
  ids.slice(1).forEach((id, i) => expect(id).toBeGreaterThan(ids[i] as number));
};

describe("provisioning on the clock", () => {
  it("starts in provisioning with every node queued and nothing billed", async () => {
    const c = clusterOf(await h.create(h.newKey(), { name: "train", node_count: 4 }));
    expect(c).toMatchObject({
      status: "provisioning",
      stack_status: "pending",
      up_at: null,
      ready_at: null,
      terminated_at: null,
    });
    expect(c.billing).toEqual({ billed_since: null, nodes_billed: 0 });
    expect(c.nodes?.map((n) => [n.rank, n.role, n.name, n.status, n.stage])).toEqual([
      [0, "head", "train-0", "pending", "queued"],
      [1, "worker", "train-1", "pending", "queued"],
      [2, "worker", "train-2", "pending", "queued"],
      [3, "worker", "train-3", "pending", "queued"],
    ]);
    expect(c.events?.map((e) => e.kind)).toEqual(["cluster_created"]);
    expect(c.last_test).toBeNull();
    expect(c.hourly_rate).toBeCloseTo(19.92 * 4, 2);
  });

  it("advances rank by rank, then up_at (billing for all nodes at once), stack install, ready_at", async () => {
    const key = h.newKey();
    const created = clusterOf(await h.create(key, { node_count: 8, stack: "slurm" }));
    const seen = new Set<string>();
    let installing: Cluster | null = null;
    let c = created;
    for (let i = 0; i < 120 && c.status !== "ready"; i++) {
      await h.control.advance(1);
      c = await h.getCluster(key, c.id);
      for (const n of c.nodes ?? []) seen.add(`${n.status}/${n.stage}`);
      if (c.stack_status === "installing" && !installing) installing = c;
      if (c.up_at === null) expect(c.billing?.nodes_billed).toBe(0);
    }
    expect(c.status).toBe("ready");
    // Ranks boot in order: rank 0's node_booting comes before rank 7's.
    const boots = (c.events ?? []).filter((e) => e.kind === "node_booting").map((e) => e.rank);
    expect(boots).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect([...seen]).toEqual(
      expect.arrayContaining([
        "provisioning/booting",
        "provisioning/networking",
        "provisioning/shared",
        "running/stack",
        "running/ready",
      ]),
    );
    expect(installing?.up_at).not.toBeNull();
    expect(installing?.stack_detail).toMatch(/Slurm/);
    expect(installing?.billing?.nodes_billed).toBe(8);
    expect(c.stack_status).toBe("ready");
    expect(Date.parse(c.up_at ?? "")).toBeLessThan(Date.parse(c.ready_at ?? ""));
    expect(c.billing).toEqual({ billed_since: c.up_at, nodes_billed: 8 });
    expect(c.events?.map((e) => e.kind)).toEqual(
      expect.arrayContaining([
        "network_ready",
        "shared_ready",
        "stack_installing",
        "stack_ready",
        "cluster_ready",
      ]),
    );
    eventIdsIncrease(c);
    const joined = (c.events ?? [])
      .filter((e) => e.kind === "node_joined")
      .map((e) => e.rank)
      .sort();
    expect(joined).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Cluster-wide events carry rank null.
    expect(c.events?.find((e) => e.kind === "cluster_ready")?.rank).toBeNull();
  });

  it("is ready in about a minute at SIM_SPEED=1", async () => {
    const key = h.newKey();
    const c = clusterOf(await h.create(key, { node_count: 4, stack: "slurm" }));
    await h.control.advance(20);
    expect((await h.getCluster(key, c.id)).status).toBe("provisioning");
    await h.control.advance(70);
    const ready = await h.getCluster(key, c.id);
    expect(ready.status).toBe("ready");
    const seconds = (Date.parse(ready.ready_at ?? "") - Date.parse(ready.created_at ?? "")) / 1000;
    expect(seconds).toBeGreaterThan(30);
    expect(seconds).toBeLessThan(90);
  });

  it("fills addresses, ssh commands and connection details for a VM cluster", async () => {
    const c = await h.createReady(h.newKey(), { name: "mesh", node_count: 3, stack: "slurm" });
    for (const n of c.nodes ?? []) {
      expect(n.overlay_address).toMatch(/^10\.\d+\.\d+\.\d+$/);
      expect(n.ip).toMatch(/^(203\.0\.113|198\.51\.100)\.\d+$/);
      expect(n.ssh_command).toBe(`ssh -p 22 root@${n.ip}`);
      expect(n.gpus).toBe(8);
      expect(n.instance_id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const head = c.nodes?.[0];
    const conn = c.connection;
    expect(conn?.head_ssh).toBe(head?.ssh_command);
    expect(conn?.env?.MASTER_ADDR).toBe(head?.overlay_address);
    expect(conn?.env?.MASTER_PORT).toBe("29500");
    expect(conn?.hostfile?.trim().split("\n")).toEqual(c.nodes?.map((n) => `${n.overlay_address} slots=8`));
    expect(conn?.snippets?.torchrun).toContain("--nnodes=3");
    expect(conn?.snippets?.mpirun).toContain("-np 24");
    expect(conn?.snippets?.deepspeed).toContain("--hostfile");
    expect(conn?.snippets?.sbatch).toContain("#SBATCH --nodes=3");
    expect(conn?.snippets?.kubectl_tunnel).toBeNull();
    expect(conn?.snippets?.ray_tunnel).toBeNull();
    expect(c.shared).toMatchObject({ path: "/shared", available: true, volume: null });
  });

  it.each([
    ["kubernetes", "kubectl_tunnel"],
    ["ray", "ray_tunnel"],
  ] as const)("fills only the %s snippet for that stack", async (stack, snippet) => {
    const c = await h.createReady(h.newKey(), { offer_id: "l40s-8x-roce-chicago", stack });
    const s = c.connection?.snippets;
    expect(s?.[snippet]).toMatch(/^ssh -N -L/);
    expect(s?.sbatch).toBeNull();
    expect(s?.[snippet === "ray_tunnel" ? "kubectl_tunnel" : "ray_tunnel"]).toBeNull();
  });

  it("says /shared is unavailable on container machines, and skips the shared stage", async () => {
    const c = await h.createReady(h.newKey(), { offer_id: "l40s-4x-eth-london", stack: "none" });
    expect(c.shared?.available).toBe(false);
    expect(c.shared?.detail).toMatch(/Container/);
    expect(c.events?.some((e) => e.kind === "shared_ready")).toBe(false);
    expect(c.nodes?.[0]?.ssh_command).toMatch(/^ssh -p \d{5} root@203\.0\.113\.\d+$/);
    expect(c.stack_status).toBe("ready");
  });

  it("syncs the volume into /shared/volume on the head when storage_id is given", async () => {
    const key = h.newKey();
    const [vol] = await h.storage(key);
    const c = await h.createReady(key, { storage_id: vol?.id, stack: "none" });
    expect(c.shared?.volume).toEqual({ id: vol?.id, name: "datasets", path: "/shared/volume" });
    const synced = c.events?.find((e) => e.kind === "volume_synced");
    expect(synced?.rank).toBe(0);
  });

  it("puts community machines on the 198.51.100.0/24 documentation range", async () => {
    const c = await h.createReady(h.newKey(), {
      offer_id: "a6000-4x-eth-community-toronto",
      stack: "none",
      include_community: true,
    });
    expect(c.nodes?.every((n) => n.ip?.startsWith("198.51.100."))).toBe(true);
    expect(c.host_tier).toBe("community");
  });
});

describe("all-or-nothing failure", () => {
  it("fails the whole cluster on a forced failure: up_at null, nothing billed, balance unchanged", async () => {
    const key = h.newKey();
    await h.control.faults({ failNextCreate: true });
    const c = clusterOf(await h.create(key, { node_count: 4 }));
    await h.control.advance(300);
    const failed = await h.getCluster(key, c.id);
    expect(failed.status).toBe("failed");
    expect(failed.up_at).toBeNull();
    expect(failed.ready_at).toBeNull();
    expect(failed.failure_reason).toBe("node_failed");
    expect(failed.failure_detail).toMatch(/Nothing was billed/);
    expect(failed.billing).toEqual({ billed_since: null, nodes_billed: 0 });
    expect(failed.nodes?.filter((n) => n.status === "failed")).toHaveLength(1);
    expect(failed.nodes?.filter((n) => n.status === "terminated")).toHaveLength(3);
    expect(failed.events?.at(-1)?.kind).toBe("cluster_failed");
    expect(failed.connection?.head_ssh ?? null).toBeNull();
    eventIdsIncrease(failed);
    expect(await h.balance(key)).toBe(500);
    // Only the next create fails.
    const next = clusterOf(await h.create(key));
    await h.control.advance(300);
    expect((await h.getCluster(key, next.id)).status).toBe("ready");
  });

  it("fails every cluster when the failure rate is 1", async () => {
    const h2 = await startHarness({ failRate: 1 });
    try {
      const key = h2.newKey();
      const c = clusterOf(await h2.create(key));
      await h2.control.advance(300);
      expect((await h2.getCluster(key, c.id)).status).toBe("failed");
      expect(await h2.balance(key)).toBe(500);
    } finally {
      await h2.close();
    }
  });

  it("runs the lifecycle faster with a higher speed", async () => {
    const h2 = await startHarness({ speed: 30 });
    try {
      const key = h2.newKey();
      const c = clusterOf(await h2.create(key, { node_count: 4 }));
      await h2.control.advance(4);
      expect((await h2.getCluster(key, c.id)).status).toBe("ready");
    } finally {
      await h2.close();
    }
  });

  it("set back for a launch and forward again, the clock makes a cluster that was created and billed back then", async () => {
    const key = h.newKey();
    const before = Date.parse(((await h.call("GET", "/__sim/clock")).body as { now: string }).now);
    expect((await h.control.advance(-600)).status).toBe(200);
    const c = clusterOf(await h.create(key, { node_count: 2, stack: "none" }));
    expect((await h.control.advance(600)).status).toBe(200);
    const now = Date.parse(((await h.call("GET", "/__sim/clock")).body as { now: string }).now);
    expect(now).toBe(before);
    const up = await h.getCluster(key, c.id);
    expect(Date.parse(up.created_at ?? "")).toBe(before - 600_000);
    expect(up.status).toBe("ready");
    expect(Date.parse(up.billing?.billed_since ?? "")).toBeLessThan(before);
    // At most a day back.
    expect((await h.control.advance(-86_401)).status).toBe(422);
  });

  it("runs on the wall clock when the clock is not manual (the default for npm run sim)", async () => {
    const h2 = await startHarness({ manualClock: false, speed: 2000 });
    try {
      const key = h2.newKey();
      const c = clusterOf(await h2.create(key, { node_count: 2, stack: "none" }));
      await new Promise((r) => setTimeout(r, 300));
      const ready = await h2.getCluster(key, c.id);
      expect(ready.status).toBe("ready");
      expect(Math.abs(Date.parse(ready.created_at ?? "") - Date.now())).toBeLessThan(5_000);
    } finally {
      await h2.close();
    }
  });
});
