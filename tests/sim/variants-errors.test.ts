import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf, startHarness, testOf, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const badCreate = { name: "bad name!", node_count: 1 };

async function keyWith(variants: string[]): Promise<string> {
  const key = h.newKey();
  expect((await h.control.variants(variants, key)).status).toBe(200);
  return key;
}

/** A ready cluster's id in a fresh workspace with these variants. */
async function readyIn(variants: string[]) {
  const key = await keyWith(variants);
  const c = await h.createReady(key);
  return { key, id: c.id };
}

describe("validation variants", () => {
  it("without variants: 422 in the standard envelope with details.field and every failing field", async () => {
    const res = await h.create(h.newKey(), badCreate);
    expect(res.status).toBe(422);
    expect(errorOf(res)).toMatchObject({
      code: "validation_failed",
      details: { field: "name", errors: [{ field: "name" }, { field: "node_count" }] },
    });
  });

  it("validation-400: create and resize validation failures answer 400, envelope and details.field kept", async () => {
    const { key, id } = await readyIn(["validation-400"]);
    const create = await h.create(key, badCreate);
    expect(create.status).toBe(400);
    expect(errorOf(create)).toMatchObject({
      code: "bad_request",
      details: { field: "name", errors: [{ field: "name" }, { field: "node_count" }] },
    });
    const resize = await h.call("PATCH", `/clusters/${id}`, { key, body: { node_count: 40 } });
    expect(resize.status).toBe(400);
    expect(errorOf(resize)).toMatchObject({
      code: "bad_request",
      details: { field: "node_count", max_nodes: 32 },
    });
    // Other errors keep their status.
    expect((await h.create(key, { offer_id: "no-such-offer" })).status).toBe(404);
  });

  it("validation-shape:field-map: {error: {message, details: {<field>: [messages]}}}", async () => {
    const key = await keyWith(["validation-shape:field-map"]);
    const res = await h.create(key, badCreate, { anyErrorShape: true });
    expect(res.status).toBe(422);
    const body = res.body as { error: Record<string, unknown> };
    expect(Object.keys(body.error).sort()).toEqual(["details", "message"]);
    expect(body.error.details).toEqual({
      name: [expect.stringMatching(/letters, digits or hyphens/)],
      node_count: [expect.stringMatching(/from 2 to 64/)],
    });
    // Written without a value, validation-shape is field-map.
    const plain = await keyWith(["validation-shape"]);
    expect((await h.create(plain, badCreate, { anyErrorShape: true })).body).toEqual(res.body);
  });

  it("validation-shape:loc: {error: {message, errors: [{loc, msg, type}]}} (FastAPI style)", async () => {
    const { key, id } = await readyIn(["validation-shape:loc"]);
    const res = await h.create(key, badCreate, { anyErrorShape: true });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: {
        message: expect.any(String),
        errors: [
          { loc: ["body", "name"], msg: expect.any(String), type: "value_error" },
          { loc: ["body", "node_count"], msg: expect.any(String), type: "value_error" },
        ],
      },
    });
    const resize = await h.call("PATCH", `/clusters/${id}`, {
      key,
      body: { node_count: 1 },
      anyErrorShape: true,
    });
    expect(resize.status).toBe(422);
    expect((resize.body as { error: { errors: unknown[] } }).error.errors).toEqual([
      {
        loc: ["body", "node_count"],
        msg: "node_count must be a whole number from 2 to 64.",
        type: "value_error",
      },
    ]);
  });

  it("validation-shape:errors-list: {error: {code, message, errors: [{field, message}]}}, no details", async () => {
    const key = await keyWith(["validation-shape:errors-list"]);
    const res = await h.create(key, badCreate);
    expect(res.status).toBe(422);
    const err = errorOf(res);
    expect(err.code).toBe("validation_failed");
    expect(err.details).toBeUndefined();
    expect(err.errors).toEqual([
      { field: "name", message: expect.any(String) },
      { field: "node_count", message: expect.any(String) },
    ]);
  });

  it("validation-400 with a shape: 400 in that shape", async () => {
    const key = await keyWith(["validation-400", "validation-shape:loc"]);
    const res = await h.create(key, badCreate, { anyErrorShape: true });
    expect(res.status).toBe(400);
    expect((res.body as { error: { errors: Array<{ loc: string[] }> } }).error.errors[0]?.loc).toEqual([
      "body",
      "name",
    ]);
  });
});

describe("credits-details-alt", () => {
  it("without the variant the 402 details are {required, balance}", async () => {
    const key = h.newKey();
    await h.control.setBalance(key, 5);
    expect(errorOf(await h.create(key)).details).toEqual({ required: 39.84, balance: 5 });
  });

  it("names the details needed_credits / available_credits", async () => {
    const key = await keyWith(["credits-details-alt"]);
    await h.control.setBalance(key, 5);
    const res = await h.create(key);
    expect(res.status).toBe(402);
    expect(errorOf(res)).toMatchObject({
      code: "insufficient_credits",
      details: { needed_credits: 39.84, available_credits: 5 },
    });
    expect(errorOf(res).details).not.toHaveProperty("required");
  });

  it("credits-details-alt:none sends no details at all", async () => {
    const key = await keyWith(["credits-details-alt:none"]);
    await h.control.setBalance(key, 5);
    const res = await h.create(key);
    expect(res.status).toBe(402);
    expect(errorOf(res).code).toBe("insufficient_credits");
    expect((res.body as { error: object }).error).not.toHaveProperty("details");
  });
});

describe("test-queued", () => {
  it("reports queued (no started_at) for a while, then running, then passed", async () => {
    const { key, id } = await readyIn(["test-queued"]);
    const started = await h.call("POST", `/clusters/${id}/tests`, { key });
    expect(started.status).toBe(202);
    expect(testOf(started)).toMatchObject({ status: "queued", started_at: null, finished_at: null });
    await h.control.advance(20);
    expect((await h.getCluster(key, id)).last_test).toMatchObject({ status: "queued", started_at: null });
    const again = await h.call("POST", `/clusters/${id}/tests`, { key });
    expect(again.status).toBe(409);
    expect(errorOf(again).code).toBe("test_running");
    await h.control.advance(15);
    const running = (await h.getCluster(key, id)).last_test;
    expect(running?.status).toBe("running");
    expect(running?.started_at).toBe(new Date(h.control.now() - 5_000).toISOString());
    await h.control.advance(700);
    expect((await h.getCluster(key, id)).last_test?.status).toBe("passed");
  });

  it("takes the queue time as a value (test-queued:5)", async () => {
    const { key, id } = await readyIn(["test-queued:5"]);
    await h.call("POST", `/clusters/${id}/tests`, { key });
    await h.control.advance(4);
    expect((await h.getCluster(key, id)).last_test?.status).toBe("queued");
    await h.control.advance(2);
    expect((await h.getCluster(key, id)).last_test?.status).toBe("running");
  });

  it("a queued test fails when the cluster is terminated", async () => {
    const { key, id } = await readyIn(["test-queued"]);
    await h.call("POST", `/clusters/${id}/tests`, { key });
    await h.call("DELETE", `/clusters/${id}`, { key });
    expect((await h.getCluster(key, id)).last_test).toMatchObject({ status: "failed" });
  });
});

describe("test-seconds", () => {
  it("runs an NCCL test for the given simulated time instead of the size-based one", async () => {
    const { key, id } = await readyIn(["test-seconds:1000"]);
    await h.call("POST", `/clusters/${id}/tests`, { key });
    await h.control.advance(990);
    expect((await h.getCluster(key, id)).last_test?.status).toBe("running");
    await h.control.advance(20);
    expect((await h.getCluster(key, id)).last_test?.status).toBe("passed");
  });

  it("runs for an hour when written without a value", async () => {
    const { key, id } = await readyIn(["test-seconds"]);
    await h.call("POST", `/clusters/${id}/tests`, { key });
    await h.control.advance(3590);
    expect((await h.getCluster(key, id)).last_test?.status).toBe("running");
    await h.control.advance(20);
    expect((await h.getCluster(key, id)).last_test?.status).toBe("passed");
  });
});
