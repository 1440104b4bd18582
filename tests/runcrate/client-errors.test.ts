import { testClient } from "@/tests/support/runcrate-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRuncrateClient, type RuncrateClientOptions } from "@/lib/runcrate/server/client";
import { RuncrateError, isRuncrateError, type RuncrateErrorKind } from "@/lib/runcrate/server/errors";
import {
  startScriptedServer,
  delayed,
  error,
  hangUp,
  json,
  sendText,
  type ScriptedServer,
} from "@/tests/support/scripted-server";
import { TEST_KEY, cluster, createBody } from "@/tests/support/runcrate-bodies";
import { failure } from "@/tests/support/runcrate-failure";

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  await server.close();
});

const client = (extra: Partial<RuncrateClientOptions> = {}) =>
  testClient(server.baseUrl, { timeoutMs: 1_000, maxRetries: 0, ...extra });

describe("HTTP status → error kind and user message", () => {
  const cases: Array<[number, string, RuncrateErrorKind, RegExp]> = [
    [401, "invalid_key", "unauthorized", /^Runcrate rejected this API key/],
    [403, "forbidden", "forbidden", /isn't allowed to do that/],
    [404, "not_found", "not_found", /couldn't find that/],
    [405, "method_not_allowed", "bad_request", /couldn't accept this request/],
    [500, "internal_error", "server", /problem on its side/],
    [502, "bad_gateway", "server", /problem on its side/],
    [503, "unavailable", "server", /problem on its side/],
  ];
  it.each(cases)("%i → %s", async (status, code, kind, userMessage) => {
    server.script(error(status, code, "upstream says no", { hint: "x" }));
    const err = await failure(client().getBalance());
    expect(err).toBeInstanceOf(RuncrateError);
    expect(err.kind).toBe(kind);
    expect(err.status).toBe(status);
    expect(err.code).toBe(code);
    expect(err.details).toEqual({ hint: "x" });
    expect(err.userMessage).toMatch(userMessage);
    // Only 400/409/422 may quote the upstream message to the user.
    expect(err.userMessage).not.toContain("upstream says no");
    expect(err.message).toContain("GET /billing/balance");
    expect(err.message).toContain(String(status));
  });

  it("402 states what is needed and what the workspace has", async () => {
    server.script(error(402, "insufficient_credits", "Balance too low", { required: 40, balance: 12.5 }));
    const err = await failure(client().createCluster(createBody, { idempotencyKey: "k" }));
    expect(err.kind).toBe("insufficient_credits");
    expect(err.userMessage).toBe(
      "Not enough credits: this needs at least $40.00 and the workspace has $12.50. Add credits on runcrate.ai, then try again.",
    );
    // What loggers and JSON.stringify see: the safe fields.
    expect(JSON.parse(JSON.stringify(err))).toMatchObject({
      name: "RuncrateError",
      kind: "insufficient_credits",
      status: 402,
      code: "insufficient_credits",
      details: { required: 40, balance: 12.5 },
      retryAfterSeconds: null,
    });
  });

  it("402 without details still says what to do", async () => {
    server.script(error(402, "insufficient_credits", "Balance too low"));
    const err = await failure(client().createCluster(createBody, { idempotencyKey: "k" }));
    expect(err.userMessage).toMatch(/^Not enough credits in this Runcrate workspace/);
  });

  it("404 on a cluster says the cluster is gone; on create it names what may be missing", async () => {
    server.script(error(404, "not_found", "no such cluster"));
    expect((await failure(client().getCluster("x"))).userMessage).toMatch(/That cluster doesn't exist/);
    expect((await failure(client().createCluster(createBody, { idempotencyKey: "k" }))).userMessage).toMatch(
      /offer, SSH key or storage volume/,
    );
  });

  it("409 quotes the (cleaned) upstream message", async () => {
    server.script(error(409, "conflict", "Cluster is not ready\n(status: provisioning)"));
    const err = await failure(client().resizeCluster("c1", 4));
    expect(err.kind).toBe("conflict");
    expect(err.userMessage).toBe("Runcrate refused: Cluster is not ready (status: provisioning)");
  });

  it("409 without a usable message falls back to a generic text", async () => {
    server.script(error(409, "conflict", "   "));
    const err = await failure(client().startTest("c1"));
    expect(err.userMessage).toMatch(/conflicts with the current state/);
  });

  it("a very long upstream message is cut short", async () => {
    server.script(error(409, "conflict", `busy ${"x".repeat(5000)}`));
    const err = await failure(client().startTest("c1"));
    expect(err.userMessage.length).toBeLessThan(230);
    expect(err.userMessage.endsWith("…")).toBe(true);
  });

  it("422 turns the simulator's details.field into a field error", async () => {
    server.script(
      error(422, "invalid_node_count", "node_count must be one of 2, 4, 8", {
        field: "node_count",
        allowed: [2, 4, 8],
      }),
    );
    const err = await failure(client().createCluster(createBody, { idempotencyKey: "k" }));
    expect(err.kind).toBe("validation");
    expect(err.fieldErrors).toEqual({ node_count: "node_count must be one of 2, 4, 8" });
    expect(err.userMessage).toBe("Runcrate rejected the request: node_count must be one of 2, 4, 8");
    expect(err.details).toEqual({ field: "node_count", allowed: [2, 4, 8] });
  });

  it("422 reads details.errors / details.fields maps and arrays", async () => {
    server.script(
      error(422, "invalid", "Invalid body", {
        errors: { name: "Bad name", node_count: ["Too many", "Odd"] },
      }),
      error(422, "invalid", "Invalid body", { fields: { stack: { message: "Not offered" } } }),
      error(422, "invalid", "Invalid body", {
        errors: [{ path: ["ssh_key_ids", 0], message: "Not a UUID" }],
      }),
    );
    const c = client();
    expect((await failure(c.createCluster(createBody, { idempotencyKey: "k" }))).fieldErrors).toEqual({
      name: "Bad name",
      node_count: "Too many; Odd",
    });
    expect((await failure(c.createCluster(createBody, { idempotencyKey: "k" }))).fieldErrors).toEqual({
      stack: "Not offered",
    });
    expect((await failure(c.createCluster(createBody, { idempotencyKey: "k" }))).fieldErrors).toEqual({
      "ssh_key_ids.0": "Not a UUID",
    });
  });

  it("422 without details has no field errors but a message", async () => {
    server.script(error(422, "invalid", "name is taken"));
    const err = await failure(client().addSshKey({ name: "a", public_key: "ssh-ed25519 AAAA" }));
    expect(err.fieldErrors).toEqual({});
    expect(err.userMessage).toBe("Runcrate rejected the request: name is taken");
  });

  it("429 carries the retry time from Retry-After", async () => {
    server.script(error(429, "rate_limited", "slow down", { retry_after: 30 }, { "Retry-After": "30" }));
    const err = await failure(client().getBalance());
    expect(err.kind).toBe("rate_limited");
    expect(err.retryAfterSeconds).toBe(30);
    expect(err.userMessage).toBe(
      "Runcrate is limiting how often this key can make requests. Try again in 30 seconds.",
    );
  });

  it("429 reads details.retry_after when the header is missing, and copes with neither", async () => {
    server.script(
      error(429, "rate_limited", "slow down", { retry_after: 2.2 }),
      error(429, "rate_limited", "slow down"),
    );
    expect((await failure(client().getBalance())).retryAfterSeconds).toBe(3);
    const bare = await failure(client().getBalance());
    expect(bare.retryAfterSeconds).toBeNull();
    expect(bare.userMessage).toMatch(/Try again in a moment\.$/);
  });

  it("tolerates the non-standard error shapes the SDKs accept", async () => {
    server.script(
      json(409, { error: "Already terminating" }),
      json(409, { message: "Quota reached" }),
      json(409, { detail: "Locked" }),
      json(409, { error: { message: "No code here" } }),
    );
    const c = client();
    expect((await failure(c.startTest("c"))).userMessage).toBe("Runcrate refused: Already terminating");
    expect((await failure(c.startTest("c"))).userMessage).toBe("Runcrate refused: Quota reached");
    expect((await failure(c.startTest("c"))).userMessage).toBe("Runcrate refused: Locked");
    const noCode = await failure(c.startTest("c"));
    expect(noCode.code).toBeNull();
    expect(noCode.userMessage).toBe("Runcrate refused: No code here");
  });

  it("an HTML error page from a proxy is never shown", async () => {
    const page = "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><script>alert(1)</script></body></html>";
    server.script(
      (_req, res) => sendText(res, 502, page, "text/html"),
      (_req, res) => sendText(res, 409, page, "text/html"),
    );
    const bad = await failure(client().getBalance());
    expect(bad.kind).toBe("server");
    expect(bad.userMessage).not.toMatch(/[<>]|Bad Gateway/);
    const conflict = await failure(client().startTest("c"));
    expect(conflict.kind).toBe("conflict");
    expect(conflict.userMessage).not.toMatch(/[<>]|script|Bad Gateway/);
    expect(conflict.message).not.toMatch(/<|script/);
  });
});

describe("isRuncrateError", () => {
  it("recognises RuncrateErrors, also from another copy of the module, and nothing else", () => {
    const fromOtherCopy = Object.assign(new Error("x"), {
      name: "RuncrateError",
      kind: "server",
      userMessage: "u",
    });
    expect(isRuncrateError(fromOtherCopy)).toBe(true);
    expect(isRuncrateError(new Error("x"))).toBe(false);
    expect(isRuncrateError({ name: "RuncrateError", kind: "server", userMessage: "u" })).toBe(false);
    expect(isRuncrateError(null)).toBe(false);
  });
});

describe("answers that are not what the endpoint promises", () => {
  it("malformed JSON → bad_response", async () => {
    server.script((_req, res) => sendText(res, 200, '{"data": {"id": ', "application/json"));
    const err = await failure(client().getCluster("c1"));
    expect(err.kind).toBe("bad_response");
    expect(err.status).toBe(200);
    expect(err.userMessage).toMatch(/couldn't read/);
    expect(err.message).toMatch(/not JSON/);
  });

  it("an HTML page with 200 (captive portal, proxy) → bad_response without quoting it", async () => {
    server.script((_req, res) =>
      sendText(res, 200, "<html><body>Sign in to the Wi-Fi</body></html>", "text/html"),
    );
    const err = await failure(client().listClusters());
    expect(err.kind).toBe("bad_response");
    expect(err.message).not.toContain("Wi-Fi");
    expect(err.message).toContain("text/html");
  });

  it("a body failing the schema → bad_response naming the fields, not their values", async () => {
    server.script(json(200, { data: cluster({ node_count: "two", name: 42, id: "secret-value-xyz" }) }));
    const err = await failure(client().getCluster("c1"));
    expect(err.kind).toBe("bad_response");
    expect(err.message).toMatch(/schema mismatch/);
    expect(err.message).toContain("data.node_count");
    expect(err.message).toContain("data.name");
    expect(err.message).not.toContain("two");
  });

  it("a missing data envelope → bad_response", async () => {
    server.script(json(200, cluster()));
    expect((await failure(client().getCluster("c1"))).kind).toBe("bad_response");
  });

  it("an empty 200 where a body is required → bad_response; 204 on create too", async () => {
    server.script(
      (_req, res) => sendText(res, 200, ""),
      (_req, res) => {
        res.writeHead(204);
        res.end();
      },
    );
    expect((await failure(client().getCluster("c1"))).kind).toBe("bad_response");
    expect((await failure(client().createCluster(createBody, { idempotencyKey: "k" }))).kind).toBe(
      "bad_response",
    );
  });
});

describe("no answer at all", () => {
  it("a server slower than the timeout → timeout", async () => {
    server.script(delayed(1_500, json(200, { data: { creditsBalance: 1 } })));
    const started = Date.now();
    const err = await failure(client({ timeoutMs: 200 }).getBalance());
    const took = Date.now() - started;
    expect(err.kind).toBe("timeout");
    expect(err.status).toBeNull();
    expect(err.userMessage).toMatch(/didn't answer within 1 second\. Try again in a moment\./);
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(1_400);
  });

  it("headers on time but a stalled body still times out", async () => {
    server.script((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write('{"data": ');
      // …and never finishes.
    });
    const err = await failure(client({ timeoutMs: 200 }).getBalance());
    expect(err.kind).toBe("timeout");
  });

  it("a timed-out change warns that it may have happened", async () => {
    server.script(delayed(1_000, json(200, { data: cluster() })));
    const err = await failure(client({ timeoutMs: 150 }).resizeCluster("c1", 4));
    expect(err.kind).toBe("timeout");
    expect(err.userMessage).toMatch(/may still have gone through/);
  });

  it("connection refused → unreachable", async () => {
    const { baseUrl } = server;
    await server.close();
    const err = await failure(
      createRuncrateClient({ apiKey: TEST_KEY, baseUrl, timeoutMs: 1_000, maxRetries: 0 }).getBalance(),
    );
    expect(err.kind).toBe("unreachable");
    expect(err.userMessage).toBe(
      "Clusterdeck couldn't reach the Runcrate API (the connection was refused). Check the network connection and try again.",
    );
    expect(err.message).toContain("ECONNREFUSED");
    expect(err.cause).toBeInstanceOf(Error);
    server = await startScriptedServer(); // for afterEach
  });

  it("an unknown host → unreachable (DNS)", async () => {
    const err = await failure(
      createRuncrateClient({
        apiKey: TEST_KEY,
        baseUrl: "http://runcrate-api.invalid/api/v1",
        timeoutMs: 3_000,
        maxRetries: 0,
      }).getBalance(),
    );
    expect(err.kind).toBe("unreachable");
    expect(err.userMessage).toMatch(/host name could not be resolved/);
  });

  it("a dropped connection → unreachable", async () => {
    server.script(hangUp);
    const err = await failure(client().getBalance());
    expect(err.kind).toBe("unreachable");
    expect(err.userMessage).toMatch(/couldn't reach the Runcrate API/);
  });
});
