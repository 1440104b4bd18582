import { testClient } from "@/tests/support/runcrate-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RuncrateClientOptions } from "@/lib/runcrate/server/client";
import {
  startScriptedServer,
  delayed,
  error,
  hangUp,
  json,
  type ScriptedServer,
} from "@/tests/support/scripted-server";
import { cluster, createBody } from "@/tests/support/runcrate-bodies";
import { failure } from "@/tests/support/runcrate-failure";

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  await server.close();
});

const client = (extra: Partial<RuncrateClientOptions> = {}) =>
  testClient(server.baseUrl, { timeoutMs: 1_000, ...extra });

const balance = json(200, { data: { creditsBalance: 7 } });
const unavailable = error(503, "unavailable", "try later");
const rateLimited = (seconds: number) =>
  error(429, "rate_limited", "slow down", { retry_after: seconds }, { "Retry-After": String(seconds) });

describe("GET retries", () => {
  it.each([
    ["503", unavailable],
    ["500", error(500, "internal_error", "boom")],
    ["502", error(502, "bad_gateway", "boom")],
    ["504", error(504, "gateway_timeout", "boom")],
    ["429 without Retry-After", error(429, "rate_limited", "slow down")],
    ["a dropped connection", hangUp],
  ])("retries after %s and returns the later success", async (_name, first) => {
    server.script(first, balance);
    await expect(client().getBalance()).resolves.toEqual({ creditsBalance: 7 });
    expect(server.requests).toHaveLength(2);
  });

  it("gives up after maxRetries (default 2 → 3 attempts) and throws the last error", async () => {
    server.script(unavailable);
    const err = await failure(client().getBalance());
    expect(err.kind).toBe("server");
    expect(err.status).toBe(503);
    expect(server.requests).toHaveLength(3);

    server.script(unavailable);
    await failure(client({ maxRetries: 4 }).listClusters());
    expect(server.requests).toHaveLength(3 + 5);

    server.script(unavailable);
    await failure(client({ maxRetries: 0 }).listClusters());
    expect(server.requests).toHaveLength(3 + 5 + 1);
  });

  it("backs off exponentially between attempts", async () => {
    server.script(unavailable);
    await failure(client({ retryBaseDelayMs: 100, maxRetries: 2 }).getBalance());
    const [a, b, c] = server.requests.map((r) => r.at);
    // Equal jitter: the first wait is 50–100 ms, the second 100–200 ms.
    expect(b! - a!).toBeGreaterThanOrEqual(45);
    expect(c! - b!).toBeGreaterThanOrEqual(95);
  });

  it("does not retry other 4xx, nor 501", async () => {
    for (const status of [400, 401, 403, 404, 409, 422, 501]) {
      server.script(error(status, "x", "no"));
      const before = server.requests.length;
      await failure(client().getBalance());
      expect(server.requests.length - before).toBe(1);
    }
  });

  it("does not retry a GET that timed out (the attempt already waited the whole timeout)", async () => {
    server.script(delayed(1_000, balance));
    const err = await failure(client({ timeoutMs: 150 }).getBalance());
    expect(err.kind).toBe("timeout");
    expect(server.requests).toHaveLength(1);
  });

  it("does not retry an unusable body", async () => {
    server.script(json(200, { nope: true }));
    expect((await failure(client().getBalance())).kind).toBe("bad_response");
    expect(server.requests).toHaveLength(1);
  });

  it("retries DELETE (terminating twice is harmless)", async () => {
    server.script(error(502, "bad_gateway", "x"), json(200, { data: cluster({ status: "terminating" }) }));
    await expect(client().terminateCluster("c1")).resolves.toMatchObject({ status: "terminating" });
    expect(server.requests.map((r) => r.method)).toEqual(["DELETE", "DELETE"]);
  });
});

describe("Retry-After", () => {
  it("waits at least Retry-After seconds before trying again", async () => {
    server.script(rateLimited(1), balance);
    await expect(client().getBalance()).resolves.toEqual({ creditsBalance: 7 });
    expect(server.requests).toHaveLength(2);
    const waited = server.requests[1]!.at - server.requests[0]!.at;
    expect(waited).toBeGreaterThanOrEqual(950);
  });

  it("a Retry-After longer than the cap is not slept through: rate_limited with the time, one request", async () => {
    server.script(rateLimited(60));
    // Were it slept through, the test would time out long before the minute.
    const err = await failure(client().getBalance());
    expect(err.kind).toBe("rate_limited");
    expect(err.retryAfterSeconds).toBe(60);
    expect(err.userMessage).toMatch(/Try again in 60 seconds\.$/);
    expect(server.requests).toHaveLength(1);
  });

  it("the cap is configurable", async () => {
    server.script(rateLimited(1));
    const err = await failure(client({ maxRetryAfterSeconds: 0 }).getBalance());
    expect(err.retryAfterSeconds).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it("accepts an HTTP-date", async () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    server.script(error(429, "rate_limited", "slow", undefined, { "Retry-After": inAMinute }));
    const err = await failure(client().getBalance());
    expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(58);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(61);
    expect(server.requests).toHaveLength(1);
  });

  it("still rate_limited with the retry time when every attempt is limited", async () => {
    server.script(rateLimited(0));
    const err = await failure(client().getBalance());
    expect(err.kind).toBe("rate_limited");
    expect(err.retryAfterSeconds).toBe(0);
    expect(server.requests).toHaveLength(3);
  });
});

describe("create: retried only with the same Idempotency-Key", () => {
  it("carries the same key on every attempt; the retry's 200 replay gives replayed=true", async () => {
    server.script(unavailable, hangUp, json(200, { data: cluster({ name: "train" }) }));
    const res = await client().createCluster(createBody, { idempotencyKey: "launch-42" });
    expect(res.replayed).toBe(true);
    expect(res.cluster.name).toBe("train");
    expect(server.requests).toHaveLength(3);
    for (const req of server.requests) {
      expect(req.method).toBe("POST");
      expect(req.headers["idempotency-key"]).toBe("launch-42");
      expect(JSON.parse(req.body)).toEqual(createBody);
    }
  });

  it("retries after a timeout with the same key (the lost attempt may have created it)", async () => {
    server.script(delayed(800, json(201, { data: cluster() })), json(200, { data: cluster() }));
    const res = await client({ timeoutMs: 200 }).createCluster(createBody, { idempotencyKey: "launch-7" });
    expect(res.replayed).toBe(true);
    expect(server.requests.map((r) => r.headers["idempotency-key"])).toEqual(["launch-7", "launch-7"]);
  });

  it("retries a 429 and then answers 201 → replayed=false", async () => {
    server.script(rateLimited(0), json(201, { data: cluster() }));
    const res = await client().createCluster(createBody, { idempotencyKey: "k-429" });
    expect(res.replayed).toBe(false);
    expect(server.requests.map((r) => r.headers["idempotency-key"])).toEqual(["k-429", "k-429"]);
  });

  it.each([
    [422, "invalid_name", { field: "name" }],
    [402, "insufficient_credits", { required: 40, balance: 1 }],
    [400, "bad_request", undefined],
    [404, "not_found", undefined],
    [409, "conflict", undefined],
  ])("is not retried on %i", async (status, code, details) => {
    server.script(error(status, code, "no", details), json(201, { data: cluster() }));
    await failure(client().createCluster(createBody, { idempotencyKey: "k" }));
    expect(server.requests).toHaveLength(1);
  });

  it("gives up after maxRetries, still with one key", async () => {
    server.script(unavailable);
    const err = await failure(
      client({ maxRetries: 3 }).createCluster(createBody, { idempotencyKey: "same" }),
    );
    expect(err.kind).toBe("server");
    expect(server.requests).toHaveLength(4);
    expect(new Set(server.requests.map((r) => r.headers["idempotency-key"]))).toEqual(new Set(["same"]));
  });
});

describe("other changes are not repeated after an unclear failure", () => {
  it.each([
    ["PATCH /clusters/{id}", (c: ReturnType<typeof client>) => c.resizeCluster("c1", 4)],
    ["POST /clusters/{id}/tests", (c: ReturnType<typeof client>) => c.startTest("c1")],
    [
      "POST /ssh-keys",
      (c: ReturnType<typeof client>) => c.addSshKey({ name: "k", public_key: "ssh-ed25519 AAAA" }),
    ],
  ])("%s: one attempt on 503, on a dropped connection and on a timeout", async (_name, call) => {
    server.script(unavailable);
    expect((await failure(call(client()))).kind).toBe("server");
    server.script(hangUp);
    expect((await failure(call(client()))).kind).toBe("unreachable");
    server.script(delayed(600, unavailable));
    expect((await failure(call(client({ timeoutMs: 150 })))).kind).toBe("timeout");
    server.script(error(422, "invalid", "no", { field: "node_count" }));
    expect((await failure(call(client()))).kind).toBe("validation");
    expect(server.requests).toHaveLength(4);
  });

  it("but a 429 (nothing was done) is retried", async () => {
    server.script(rateLimited(0), json(200, { data: cluster({ node_count: 4 }) }));
    await expect(client().resizeCluster("c1", 4)).resolves.toMatchObject({ node_count: 4 });
    expect(server.requests.map((r) => r.method)).toEqual(["PATCH", "PATCH"]);
  });
});
