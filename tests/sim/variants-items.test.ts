import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterResponseSchema, offersResponseSchema } from "@/lib/runcrate/schemas";
import { clusterOf, parseWith, startHarness, type Harness, type Res } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Obj = Record<string, unknown>;
const dataOf = (res: Res): Obj => (res.body as { data: Obj }).data;
const listOf = (res: Res): Obj[] => (res.body as { data: Obj[] }).data;
/** Wraps a body as a response, to check it against a shared schema. */
const asRes = (body: unknown): Res => ({ status: 200, headers: new Headers(), ms: 0, body });
const offerById = async (key: string, id: string): Promise<Obj | undefined> =>
  listOf(await h.call("GET", "/clusters/offers", { key })).find((o) => o.id === id);

/** A workspace with these variants and one cluster on the default offer, advanced to ready. */
async function readyWith(variants: string[], over: Obj = {}) {
  const key = h.newKey();
  await h.control.variants(variants, key);
  const created = await h.create(key, over);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = dataOf(created).id as string | number;
  await h.control.advance(180);
  const got = await h.call("GET", `/clusters/${id}`, { key });
  expect(got.status).toBe(200);
  return { key, id, created: dataOf(created), cluster: dataOf(got) };
}

describe("per-item variants", () => {
  it("odd-offer: one offer lacks hourly_rate_per_node, another gpu_type; the rest stay whole", async () => {
    const key = h.newKey();
    await h.control.variants(["odd-offer"], key);
    const offers = listOf(await h.call("GET", "/clusters/offers", { key }));
    const noRate = offers.find((o) => o.id === "h100-sxm-8x-ib-helsinki");
    const noGpu = offers.find((o) => o.id === "h200-sxm-8x-ib-ashburn");
    expect(noRate).toBeDefined();
    expect(noRate).not.toHaveProperty("hourly_rate_per_node");
    expect(noRate?.gpu_type).toBe("H100 SXM");
    expect(noGpu).not.toHaveProperty("gpu_type");
    expect(noGpu?.hourly_rate_per_node).toBe(28.72);
    const rest = offers.filter((o) => o !== noRate && o !== noGpu);
    expect(parseWith(offersResponseSchema, asRes({ data: rest })).data).toHaveLength(rest.length);
    // The catalogue itself is untouched: another workspace sees both fields.
    const plain = await offerById(h.newKey(), "h100-sxm-8x-ib-helsinki");
    expect(plain?.hourly_rate_per_node).toBe(18.32);
  });

  it("string-prices: rates and money are numeric strings on offers, clusters and the balance", async () => {
    const { key, cluster } = await readyWith(["string-prices"], { node_count: 4 });
    expect((await offerById(key, "h100-sxm-8x-ib-dallas"))?.hourly_rate_per_node).toBe("19.92");
    expect((await offerById(key, "l40s-8x-roce-chicago"))?.hourly_rate_per_node).toBe("7.92");
    expect(cluster.hourly_rate_per_node).toBe("19.92");
    expect(cluster.hourly_rate).toBe("79.68");
    const balance = dataOf(await h.call("GET", "/billing/balance", { key }));
    expect(typeof balance.creditsBalance).toBe("string");
    expect(Number(balance.creditsBalance)).toBeLessThan(500);
    expect(balance.activeUsageCost).toBe("79.68");
  });

  it("string-counts: counts are numeric strings on offers and clusters", async () => {
    const { key, cluster } = await readyWith(["string-counts"], { node_count: 2 });
    const offer = await offerById(key, "h100-sxm-8x-ib-helsinki");
    expect(offer).toMatchObject({ gpus_per_node: "8", min_nodes: "2", max_nodes: "16" });
    expect(offer?.allowed_node_counts).toEqual(["2", "4", "8", "16"]);
    expect(cluster).toMatchObject({ node_count: "2", gpus_per_node: "8", billing: { nodes_billed: "2" } });
    expect((cluster.nodes as Obj[]).map((n) => n.gpus)).toEqual(["8", "8"]);
    expect((cluster.nodes as Obj[]).map((n) => n.rank)).toEqual([0, 1]);
  });

  it("numeric-env: connection.env.MASTER_PORT is a number", async () => {
    const { cluster } = await readyWith(["numeric-env"]);
    const env = (cluster.connection as { env: Obj }).env;
    expect(env.MASTER_PORT).toBe(29500);
    expect(typeof env.MASTER_ADDR).toBe("string");
  });

  it("null-event-message: the cluster_created event has message null", async () => {
    const { cluster } = await readyWith(["null-event-message"]);
    const events = cluster.events as Obj[];
    expect(events[0]).toMatchObject({ id: 1, kind: "cluster_created", message: null });
    expect(events.slice(1).every((e) => typeof e.message === "string")).toBe(true);
  });

  it("numeric-ids: cluster, test and SSH key ids are numbers, and the numbers work in requests", async () => {
    const key = h.newKey();
    await h.control.variants(["numeric-ids"], key);
    const sshKeys = listOf(await h.call("GET", "/ssh-keys", { key }));
    expect(sshKeys.map((k) => typeof k.id)).toEqual(["number", "number"]);
    const created = await h.create(key, { ssh_key_ids: [sshKeys[0]?.id, String(sshKeys[1]?.id)] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = dataOf(created).id;
    expect(Number.isInteger(id)).toBe(true);
    expect(created.headers.get("location")).toBe(`/api/v1/clusters/${String(id)}`);
    await h.control.advance(180);
    expect(dataOf(await h.call("GET", `/clusters/${String(id)}`, { key })).status).toBe("ready");
    expect(listOf(await h.call("GET", "/clusters", { key })).map((c) => c.id)).toEqual([id]);
    const test = await h.call("POST", `/clusters/${String(id)}/tests`, { key });
    expect(test.status).toBe(202);
    const testId = dataOf(test).id;
    expect(Number.isInteger(testId)).toBe(true);
    expect((dataOf(await h.call("GET", `/clusters/${String(id)}`, { key })).last_test as Obj).id).toBe(
      testId,
    );

    // Numbers are per workspace: another key's number finds nothing, and an unknown key number is a 404.
    const other = h.newKey();
    await h.control.variants(["numeric-ids"], other);
    expect((await h.call("GET", `/clusters/${String(id)}`, { key: other })).status).toBe(404);
    const badKey = await h.create(key, { name: "other", ssh_key_ids: [99999] });
    expect(badKey.status).toBe(404);
    expect((badKey.body as { error: Obj }).error.details).toMatchObject({ field: "ssh_key_ids", id: 99999 });

    expect((await h.call("DELETE", `/ssh-keys/${String(sshKeys[1]?.id)}`, { key })).status).toBe(204);
    expect(listOf(await h.call("GET", "/ssh-keys", { key }))).toHaveLength(1);
  });

  it("failure-reason-running: a ready, billed cluster carries a failure_reason and stays ready", async () => {
    const { cluster } = await readyWith(["failure-reason-running"], { name: "warm", node_count: 4 });
    expect(cluster).toMatchObject({ status: "ready", failure_reason: "node_degraded" });
    expect(cluster.failure_detail).toMatch(/^warm-2 \(rank 2\) is degraded/);
    expect((cluster.billing as Obj).nodes_billed).toBe(4);
    parseWith(clusterResponseSchema, asRes({ data: cluster }));
  });

  it("node-status-active: up nodes say active instead of running", async () => {
    const key = h.newKey();
    await h.control.variants(["node-status-active"], key);
    const id = dataOf(await h.create(key)).id as string;
    await h.control.advance(5);
    const early = dataOf(await h.call("GET", `/clusters/${id}`, { key }));
    expect((early.nodes as Obj[]).map((n) => n.status)).not.toContain("active");
    await h.control.advance(180);
    const ready = dataOf(await h.call("GET", `/clusters/${id}`, { key }));
    expect((ready.nodes as Obj[]).map((n) => n.status)).toEqual(["active", "active"]);
  });

  it("private-workers: workers lose their public address and ssh_command; the head and overlay stay", async () => {
    const { cluster } = await readyWith(["private-workers"], { name: "priv", node_count: 3 });
    const nodes = cluster.nodes as Obj[];
    expect(
      nodes.map((n) => [n.role, n.ip === null, n.ssh_command === null, typeof n.overlay_address]),
    ).toEqual([
      ["head", false, false, "string"],
      ["worker", true, true, "string"],
      ["worker", true, true, "string"],
    ]);
    parseWith(clusterResponseSchema, asRes({ data: cluster }));
  });

  it('empty-status: a provisioning cluster has status ""; it reads ready once ready', async () => {
    const key = h.newKey();
    await h.control.variants(["empty-status"], key);
    const created = dataOf(await h.create(key));
    expect(created.status).toBe("");
    const list = listOf(await h.call("GET", "/clusters", { key }));
    expect(list[0]?.status).toBe("");
    await h.control.advance(180);
    expect(dataOf(await h.call("GET", `/clusters/${String(created.id)}`, { key })).status).toBe("ready");
  });

  it("long-gpu-name: one offer (and its clusters) has a gpu_type of more than 80 characters", async () => {
    const { key, cluster } = await readyWith(["long-gpu-name"]);
    const offer = await offerById(key, "h100-sxm-8x-ib-dallas");
    expect(typeof offer?.gpu_type).toBe("string");
    expect((offer?.gpu_type as string).length).toBeGreaterThan(80);
    expect(cluster.gpu_type).toBe(offer?.gpu_type);
    expect((await offerById(key, "h100-sxm-8x-ib-helsinki"))?.gpu_type).toBe("H100 SXM");
  });

  it("unknown-stack: one offer lists a stack the console does not know", async () => {
    const key = h.newKey();
    await h.control.variants(["unknown-stack"], key);
    const offer = await offerById(key, "h100-sxm-8x-ib-dallas");
    expect(offer?.stacks).toEqual(["none", "slurm", "kubernetes", "ray", "slurm-ha"]);
    // The simulator cannot run it: a create asking for it is a validation error on stack.
    const res = await h.create(key, { stack: "slurm-ha" });
    expect(res.status).toBe(422);
  });

  it("rank-origin-1: ranks and machine names start at 1, the head is rank 1", async () => {
    const { cluster } = await readyWith(["rank-origin-1"], { node_count: 3, stack: "none" });
    const nodes = cluster.nodes as Obj[];
    expect(nodes.map((n) => [n.rank, n.role, n.name])).toEqual([
      [1, "head", "train-1"],
      [2, "worker", "train-2"],
      [3, "worker", "train-3"],
    ]);
    const env = (cluster.connection as { env: Obj }).env;
    expect(env.MASTER_ADDR).toBe(nodes[0]?.overlay_address);
    const ranks = new Set((cluster.events as Obj[]).map((e) => e.rank));
    expect(ranks.has(0)).toBe(false);
    expect(ranks.has(3)).toBe(true);
    const parsed = clusterOf(asRes({ data: cluster }));
    expect(parsed.status).toBe("ready");
  });

  it("rank-origin-1: a resize adds and removes the highest ranks", async () => {
    const { key, id } = await readyWith(["rank-origin-1"], { node_count: 2, stack: "none" });
    expect((await h.call("PATCH", `/clusters/${String(id)}`, { key, body: { node_count: 4 } })).status).toBe(
      200,
    );
    await h.control.advance(120);
    const grown = dataOf(await h.call("GET", `/clusters/${String(id)}`, { key }));
    expect((grown.nodes as Obj[]).map((n) => n.name)).toEqual(["train-1", "train-2", "train-3", "train-4"]);
    expect((await h.call("PATCH", `/clusters/${String(id)}`, { key, body: { node_count: 2 } })).status).toBe(
      200,
    );
    await h.control.advance(120);
    const shrunk = dataOf(await h.call("GET", `/clusters/${String(id)}`, { key }));
    expect((shrunk.nodes as Obj[]).map((n) => n.name)).toEqual(["train-1", "train-2"]);
  });
});
