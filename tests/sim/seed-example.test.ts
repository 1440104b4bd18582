import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterOf, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe("the seed's example request (POST /clusters)", () => {
  it("is accepted for a matching offer with the workspace's real SSH key ids", async () => {
    const key = h.newKey();
    const keyIds = await h.sshKeyIds(key);
    // runcrate-api.md §2.2: {"name":"train","offer_id":"<offer id>","node_count":4,"stack":"slurm","ssh_key_ids":["<uuid>"],"include_community":false}
    const body = {
      name: "train",
      offer_id: "h100-sxm-8x-ib-dallas",
      node_count: 4,
      stack: "slurm",
      ssh_key_ids: [keyIds[0]],
      include_community: false,
    };
    const res = await h.call("POST", "/clusters", {
      key,
      body,
      headers: { "Idempotency-Key": "6f1c2a9e-0d44-4b50-8888-8dd25736052a" },
    });
    expect(res.status).toBe(201);
    const c = clusterOf(res);
    expect(c).toMatchObject({
      name: "train",
      status: "provisioning",
      stack: "slurm",
      stack_status: "pending",
      node_count: 4,
      gpu_type: "H100 SXM",
      gpus_per_node: 8,
      deployment_type: "vm",
      host_tier: "datacenter",
    });
    expect(c.nodes?.map((n) => n.name)).toEqual(["train-0", "train-1", "train-2", "train-3"]);
  });

  it("is accepted with every field of the seed, storage_id included", async () => {
    const key = h.newKey();
    const [vol] = await h.storage(key);
    const body = {
      name: "train",
      offer_id: "h100-sxm-8x-ib-dallas",
      node_count: 4,
      stack: "none",
      ssh_key_ids: await h.sshKeyIds(key),
      storage_id: vol?.id,
      include_community: false,
    };
    const res = await h.call("POST", "/clusters", { key, body });
    expect(res.status).toBe(201);
    expect(clusterOf(res).shared?.volume?.id).toBe(vol?.id);
  });
});
