import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterOf, errorOf, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function expectRejected(over: Record<string, unknown>, status: number, field?: string) {
  const key = h.newKey();
  const res = await h.create(key, over);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const err = errorOf(res);
  if (field) expect(err.details?.field).toBe(field);
  expect(err.message.length).toBeGreaterThan(10);
  expect(await h.control.clustersOf(key)).toHaveLength(0);
  return err;
}

describe("POST /clusters validation (422 with the field in details)", () => {
  it.each([
    ["starts with a hyphen", "-train"],
    ["has an underscore", "train_1"],
    ["is empty", ""],
    ["is 64 characters long", "a".repeat(64)],
    ["has a space", "my cluster"],
  ])("rejects a name that %s", async (_why, name) => {
    await expectRejected({ name }, 422, "name");
  });

  it("accepts a 63-character name made of letters, digits and hyphens", async () => {
    const res = await h.create(h.newKey(), { name: `A1-${"b".repeat(60)}` });
    expect(res.status).toBe(201);
  });

  it("requires name, offer_id and node_count", async () => {
    const key = h.newKey();
    const res = await h.call("POST", "/clusters", { key, body: { stack: "none" } });
    expect(res.status).toBe(422);
    const err = errorOf(res);
    expect(err.details?.field).toBe("name");
    const fields = (err.details?.errors as Array<{ field: string }>).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["name", "offer_id", "node_count"]));
  });

  it.each([1, 65, 2.5, "4"])("rejects node_count %s outside 2–64 or not an integer", async (n) => {
    await expectRejected({ node_count: n }, 422, "node_count");
  });

  it("enforces the offer's min_nodes", async () => {
    const err = await expectRejected(
      { offer_id: "h200-sxm-8x-ib-stockholm", node_count: 2 },
      422,
      "node_count",
    );
    expect(err.details?.min_nodes).toBe(4);
  });

  it("enforces the offer's max_nodes", async () => {
    await expectRejected(
      { offer_id: "a100-sxm-8x-eth-tokyo", node_count: 5, stack: "none" },
      422,
      "node_count",
    );
  });

  it("enforces allowed_node_counts when the offer has them", async () => {
    const err = await expectRejected(
      { offer_id: "h100-sxm-8x-ib-helsinki", node_count: 3 },
      422,
      "node_count",
    );
    expect(err.details?.allowed_node_counts).toEqual([2, 4, 8, 16]);
    expect((await h.create(h.newKey(), { offer_id: "h100-sxm-8x-ib-helsinki", node_count: 4 })).status).toBe(
      201,
    );
  });

  it("rejects a stack the offer does not have, and an unknown stack", async () => {
    await expectRejected({ offer_id: "h100-sxm-8x-ib-helsinki", stack: "ray" }, 422, "stack");
    await expectRejected({ stack: "nomad" }, 422, "stack");
  });

  it("defaults the stack to none when the offer has it", async () => {
    const res = await h.call("POST", "/clusters", {
      key: h.newKey(),
      body: { name: "plain", offer_id: "h100-sxm-8x-ib-dallas", node_count: 2 },
    });
    expect(res.status).toBe(201);
    expect(clusterOf(res).stack).toBe("none");
  });

  it("rejects more than 20 SSH keys and ids that are not UUIDs", async () => {
    const many = Array.from(
      { length: 21 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    await expectRejected({ ssh_key_ids: many }, 422, "ssh_key_ids");
    await expectRejected({ ssh_key_ids: ["laptop"] }, 422, "ssh_key_ids");
  });

  it("answers 404 for an SSH key that does not exist in the workspace", async () => {
    const err = await expectRejected(
      { ssh_key_ids: ["3c90c3cc-0d44-4b50-8888-8dd25736052a"] },
      404,
      "ssh_key_ids",
    );
    expect(err.code).toBe("not_found");
  });

  it("answers 404 for an unknown offer", async () => {
    await expectRejected({ offer_id: "no-such-offer" }, 404, "offer_id");
  });

  it("requires include_community for a community offer, and accepts it with the flag", async () => {
    const over = { offer_id: "rtx4090-8x-eth-community-fremont", stack: "none" };
    await expectRejected(over, 422, "include_community");
    await expectRejected({ ...over, include_community: false }, 422, "include_community");
    expect((await h.create(h.newKey(), { ...over, include_community: true })).status).toBe(201);
  });

  it("never takes a volume on community hosts", async () => {
    const key = h.newKey();
    const [vol] = await h.storage(key);
    const res = await h.create(key, {
      offer_id: "a6000-4x-eth-community-toronto",
      stack: "none",
      include_community: true,
      storage_id: vol?.id,
    });
    expect(res.status).toBe(422);
    expect(errorOf(res).details?.field).toBe("storage_id");
  });

  it("refuses a volume on a datacenter offer without volume support", async () => {
    const key = h.newKey();
    const [vol] = await h.storage(key);
    const res = await h.create(key, { offer_id: "b200-8x-ib-keflavik", storage_id: vol?.id });
    expect(res.status).toBe(422);
    expect(errorOf(res).details?.field).toBe("storage_id");
  });

  it("answers 404 for an unknown volume and for one from another environment", async () => {
    const key = h.newKey();
    await expectRejected({ storage_id: "3c90c3cc-0d44-4b50-8888-8dd25736052a" }, 404, "storage_id");
    const [staging] = await h.storage(key, "staging");
    const res = await h.create(key, { storage_id: staging?.id });
    expect(res.status).toBe(404);
    expect(errorOf(res).details?.field).toBe("storage_id");
  });

  it("answers 400 for malformed JSON and for a body that is not an object", async () => {
    const key = h.newKey();
    const bad = await h.call("POST", "/clusters", { key, rawBody: '{"name": "train",' });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).code).toBe("bad_request");
    expect((await h.call("POST", "/clusters", { key, body: [1, 2] })).status).toBe(400);
    expect((await h.call("POST", "/clusters", { key })).status).toBe(400);
  });

  it("answers 400 for an Idempotency-Key that is not 1–255 visible ASCII characters", async () => {
    const key = h.newKey();
    for (const bad of ["has space", "x".repeat(256)]) {
      const res = await h.create(key, {}, { headers: { "Idempotency-Key": bad } });
      expect(res.status).toBe(400);
      expect(errorOf(res).details?.header).toBe("Idempotency-Key");
    }
    expect(await h.control.clustersOf(key)).toHaveLength(0);
  });
});

describe("the balance rule: max($10, one hour of the whole cluster)", () => {
  // h100-sxm-8x-ib-dallas: $19.92 per node per hour → 4 nodes need $79.68.
  it("accepts exactly the required balance", async () => {
    const key = h.newKey();
    await h.control.setBalance(key, 79.68);
    const res = await h.create(key, { node_count: 4 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it("answers 402 a cent below, with required and balance in details", async () => {
    const key = h.newKey();
    await h.control.setBalance(key, 79.67);
    const res = await h.create(key, { node_count: 4 });
    expect(res.status).toBe(402);
    const err = errorOf(res);
    expect(err.code).toBe("insufficient_credits");
    expect(err.details).toEqual({ required: 79.68, balance: 79.67 });
    expect(err.message).toContain("$79.68");
    expect(await h.control.clustersOf(key)).toHaveLength(0);
  });

  it("never requires less than $10, even for a cheap cluster", async () => {
    // rtx3090 community: $0.76 per node per hour → 2 nodes = $1.52/h, so the $10 floor applies.
    const body = { offer_id: "rtx3090-4x-eth-community-bucharest", stack: "none", include_community: true };
    const poor = h.newKey();
    await h.control.setBalance(poor, 9.99);
    const res = await h.create(poor, body);
    expect(res.status).toBe(402);
    expect(errorOf(res).details).toEqual({ required: 10, balance: 9.99 });
    const enough = h.newKey();
    await h.control.setBalance(enough, 10);
    expect((await h.create(enough, body)).status).toBe(201);
  });

  it("checks validation before money: an invalid body is a 422 even when broke", async () => {
    const key = h.newKey();
    await h.control.setBalance(key, 0);
    expect((await h.create(key, { name: "_bad" })).status).toBe(422);
  });
});
