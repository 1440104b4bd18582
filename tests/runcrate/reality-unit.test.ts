/**
 * Tolerant reading against a scripted server: answers the simulator's variants do not cover in one exact shape.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRuncrateClient } from "@/lib/runcrate/server/client";
import { isRuncrateError, type RuncrateError } from "@/lib/runcrate/server/errors";
import { startScriptedServer, json, sendText, type ScriptedServer } from "@/tests/support/scripted-server";
import { TEST_KEY, cluster } from "@/tests/support/runcrate-bodies";
import { captureLog } from "@/tests/runcrate/support-sim";

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  await server.close();
});

const client = (logger = captureLog().logger) =>
  createRuncrateClient({
    apiKey: TEST_KEY,
    baseUrl: server.baseUrl,
    timeoutMs: 2_000,
    retryBaseDelayMs: 5,
    logger,
  });

async function failure(p: Promise<unknown>): Promise<RuncrateError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!isRuncrateError(e)) throw new Error(`expected a RuncrateError, got ${String(e)}`);
  return e;
}

describe("a page fails only when its object cannot be read, and says which field", () => {
  it("names the field of a cluster that cannot be read", async () => {
    const { hourly_rate_per_node: _, ...broken } = cluster();
    server.script(json(200, { data: broken }));
    const err = await failure(client().getCluster("c1"));
    expect(err.kind).toBe("bad_response");
    expect(err.userMessage).toContain('"hourly_rate_per_node"');
  });

  it("reads a cluster whose event has a null message and whose ids are numbers", async () => {
    server.script(
      json(200, {
        data: cluster({
          id: 101,
          events: [{ id: 1, at: "2026-11-30T01:00:00Z", kind: "cluster_created", message: null }],
          last_test: { id: 7, kind: "nccl_all_reduce", status: "passed" },
        }),
      }),
    );
    const c = await client().getCluster("101");
    expect(c.id).toBe("101");
    expect(c.last_test?.id).toBe("7");
    expect(c.events?.[0]?.message).toBe("");
  });
});

const createBody = { name: "train", offer_id: "offer-h100", node_count: 2, stack: "slurm" as const };

describe("an odd item inside a cluster never makes the cluster unreadable", () => {
  it("leaves out an event and a node that cannot be read, keeping the rest", async () => {
    server.script(
      json(200, {
        data: cluster({
          events: [
            { id: 1, at: "2026-11-30T01:00:00Z", kind: "cluster_created", message: "made" },
            { id: "two", at: null, kind: 5 },
          ],
          nodes: [
            { rank: 0, role: "head", name: "train-0", status: "running" },
            { rank: 1, role: "worker", status: "running" },
          ],
        }),
      }),
    );
    const c = await client().getCluster("c1");
    expect(c.events?.map((e) => e.id)).toEqual([1]);
    expect(c.nodes?.map((n) => n.name)).toEqual(["train-0"]);
  });
});

describe("a 400 with a body is a validation answer", () => {
  it("shows the upstream message and maps details.field onto the field, without suggesting a retry", async () => {
    server.script(
      json(400, {
        error: {
          code: "bad_request",
          message: "node_count must be one of 2, 4, 8",
          details: { field: "node_count" },
        },
      }),
    );
    const err = await failure(client().createCluster(createBody, { idempotencyKey: "k" }));
    expect(err.kind).toBe("validation");
    expect(err.status).toBe(400);
    expect(err.userMessage).toBe("Runcrate rejected the request: node_count must be one of 2, 4, 8");
    expect(err.fieldErrors).toEqual({ node_count: "node_count must be one of 2, 4, 8" });
    expect(err.userMessage).not.toMatch(/try again/i);
  });

  it("keeps a 400 without any readable body a bad request that does not suggest repeating it", async () => {
    server.script((_req, res) => sendText(res, 400, ""));
    const err = await failure(client().getBalance());
    expect(err.kind).toBe("bad_request");
    expect(err.userMessage).not.toMatch(/try again/i);
  });
});

describe("other common validation shapes map to fields", () => {
  const cases: Array<[string, unknown]> = [
    [
      "field → [messages] in details",
      {
        error: {
          message: "Invalid body",
          details: { name: ["Too long"], node_count: ["Must be even", "Too big"] },
        },
      },
    ],
    [
      "errors[].loc/msg (FastAPI)",
      {
        error: {
          message: "Invalid body",
          errors: [
            { loc: ["body", "name"], msg: "Too long", type: "value_error" },
            { loc: ["body", "node_count"], msg: "Must be even; Too big", type: "value_error" },
          ],
        },
      },
    ],
    [
      "errors[].field/message",
      {
        error: {
          code: "validation_failed",
          message: "Invalid body",
          errors: [
            { field: "name", message: "Too long" },
            { field: "node_count", message: "Must be even; Too big" },
          ],
        },
      },
    ],
  ];
  it.each(cases)("%s", async (_, body) => {
    server.script(json(422, body));
    const err = await failure(client().createCluster(createBody, { idempotencyKey: "k" }));
    expect(err.kind).toBe("validation");
    expect(err.fieldErrors).toEqual({ name: "Too long", node_count: "Must be even; Too big" });
    expect(err.userMessage).toBe("Runcrate rejected the request: Invalid body");
  });
});

describe("a DELETE 404 is checked against the cluster", () => {
  const notFound = json(404, { error: { code: "not_found", message: "No such cluster" } });

  it("reports a terminating cluster as terminated-ok, even on a first 404", async () => {
    server.script(notFound, json(200, { data: cluster({ id: "c1", status: "terminating" }) }));
    await expect(client().terminateCluster("c1")).resolves.toMatchObject({ id: "c1", status: "terminating" });
    expect(server.requests.map((r) => r.method)).toEqual(["DELETE", "GET"]);
  });

  it("still says not found when the cluster is running", async () => {
    server.script(notFound, json(200, { data: cluster({ id: "c1", status: "ready" }) }));
    const err = await failure(client().terminateCluster("c1"));
    expect(err.kind).toBe("not_found");
  });

  it("says not found for a cluster that was never there (404 on the first DELETE and on the read)", async () => {
    server.script(notFound);
    const err = await failure(client().terminateCluster("c1"));
    expect(err.kind).toBe("not_found");
    expect(server.requests.map((r) => r.method)).toEqual(["DELETE", "GET"]);
  });

  it("reports the check read's own failure, not 'doesn't exist', when the read after a 404 fails", async () => {
    server.script(notFound, json(503, { error: { code: "unavailable", message: "down" } }));
    const err = await failure(client().terminateCluster("c1"));
    expect(err.kind).toBe("server");
    expect(err.userMessage).not.toMatch(/doesn't exist/);
    expect(server.requests.map((r) => r.method)).toEqual(["DELETE", "GET", "GET", "GET"]);
  });

  it("takes gone-after-a-retry as terminated: the lost first answer did it", async () => {
    server.script((_req, res) => void res.destroy(), notFound);
    await expect(client().terminateCluster("c1")).resolves.toEqual({
      id: "c1",
      status: "terminated",
      stub: true,
    });
    expect(server.requests.map((r) => r.method)).toEqual(["DELETE", "DELETE", "GET"]);
  });
});

describe("one log line per failed or mismatched upstream call, never a secret", () => {
  it("logs method, path template, status, duration, issue paths and request id — no key, no body", async () => {
    const cap = captureLog();
    const c = client(cap.logger);
    server.script(
      // A proxy that echoes the key and the Authorization header back in its error body.
      json(
        401,
        {
          error: {
            code: "invalid_key",
            message: `Key ${TEST_KEY} rejected (Authorization: Bearer ${TEST_KEY})`,
          },
        },
        { "x-request-id": "req-401" },
      ),
    );
    await failure(c.getBalance());
    server.script(
      json(200, { data: cluster({ hourly_rate_per_node: "free", secret_note: "body-only-text" }) }, {}),
    );
    await failure(c.getCluster("3c90c3cc-0d44-4b50-8888-8dd25736052a"));
    server.script(
      json(503, { error: { code: "down", message: "maintenance" }, meta: { requestId: "req-503" } }),
    );
    await failure(c.listClusters());

    expect(cap.lines).toHaveLength(3);
    const [unauth, mismatch, down] = cap.lines;
    expect(unauth).toMatchObject({
      method: "GET",
      path: "/billing/balance",
      status: 401,
      kind: "unauthorized",
      requestId: "req-401",
      attempts: 1,
      area: "runcrate",
    });
    expect(typeof unauth!.durationMs).toBe("number");
    expect(mismatch).toMatchObject({
      method: "GET",
      path: "/clusters/{id}",
      status: 200,
      kind: "bad_response",
      issues: ["data.hourly_rate_per_node"],
    });
    expect(down).toMatchObject({
      path: "/clusters",
      status: 503,
      kind: "server",
      requestId: "req-503",
      attempts: 3,
    });
    const text = cap.raw.join("\n");
    expect(text).not.toContain(TEST_KEY);
    expect(text).not.toContain("rc_live_");
    expect(text).not.toMatch(/Bearer/i);
    expect(text).not.toContain("body-only-text");
    expect(text).not.toContain("rejected");
    expect(text).not.toContain("3c90c3cc");
  });

  it("logs nothing for a call that succeeds", async () => {
    const cap = captureLog();
    server.script(json(200, { data: { creditsBalance: 1 } }));
    await client(cap.logger).getBalance();
    expect(cap.lines).toEqual([]);
  });
});

describe("Inspect: the raw cluster, redacted", () => {
  it("keeps unknown fields and the API's own types, and redacts keys and secret-named fields", async () => {
    server.script(
      json(200, {
        data: cluster({
          hourly_rate_per_node: "19.92",
          spot_zone: "eu-2b",
          connection: { env: { MASTER_PORT: 29500 }, k8s_join_token: "abcdef.0123456789abcdef" },
          note: `created with ${TEST_KEY}`,
        }),
      }),
    );
    const raw = (await client().getClusterRaw("c1")) as Record<string, unknown>;
    expect(raw.hourly_rate_per_node).toBe("19.92");
    expect(raw.spot_zone).toBe("eu-2b");
    expect(raw.connection).toEqual({ env: { MASTER_PORT: 29500 }, k8s_join_token: "[redacted]" });
    expect(JSON.stringify(raw)).not.toContain(TEST_KEY);
    expect(JSON.stringify(raw)).not.toContain("0123456789abcdef");
  });
});
