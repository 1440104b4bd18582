import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRuncrateClient } from "@/lib/runcrate/server/client";
import type { RuncrateError } from "@/lib/runcrate/server/errors";
import { redact, redactDeep, toDisplayText } from "@/lib/runcrate/server/redact";
import {
  startScriptedServer,
  sendJson,
  sendText,
  type Handler,
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

const client = (apiKey = TEST_KEY) =>
  createRuncrateClient({ apiKey, baseUrl: server.baseUrl, timeoutMs: 1_000, maxRetries: 0 });

/** Every way an error can be turned into text by a caller, a logger or a framework. */
function everyRendering(err: RuncrateError): string[] {
  const cause = err.cause;
  return [
    err.message,
    err.userMessage,
    String(err),
    JSON.stringify(err),
    err.stack ?? "",
    JSON.stringify(err.details),
    JSON.stringify(err.fieldErrors),
    String(err.code),
    cause instanceof Error ? `${cause.message} ${cause.stack ?? ""}` : String(cause),
    JSON.stringify(Object.getOwnPropertyDescriptors(err), (_k, v: unknown) =>
      v instanceof Error ? v.message : v,
    ),
  ];
}

function expectNoKey(err: RuncrateError, key = TEST_KEY) {
  const secretPart = key.slice("rc_live_".length);
  for (const text of everyRendering(err)) {
    expect(text).not.toContain(key);
    expect(text).not.toContain(secretPart);
  }
}

/** A server that echoes the Authorization header back, the way misbehaving upstreams and proxies do. */
const echo =
  (status: number, code: string): Handler =>
  (req, res) => {
    const auth = req.headers.authorization ?? "";
    const key = auth.replace(/^Bearer /, "");
    sendJson(res, status, {
      error: {
        code: `${code}:${key}`,
        message: `Key ${key} failed (header was "${auth}")`,
        details: { field: "name", key, nested: [{ auth }], [key]: "as a property name" },
      },
    });
  };

describe("the key never leaves in an error", () => {
  it.each([
    [400, "bad_request"],
    [401, "invalid_key"],
    [402, "insufficient_credits"],
    [403, "forbidden"],
    [404, "not_found"],
    [409, "conflict"],
    [422, "invalid"],
    [429, "rate_limited"],
    [500, "internal_error"],
  ])("when a %i echoes it in code, message and details", async (status, code) => {
    server.script(echo(status, code));
    const err = await failure(client().createCluster(createBody, { idempotencyKey: "k" }));
    expect(err.status).toBe(status);
    expectNoKey(err);
    // The echo is still recognisable, so the redaction is visible rather than silent.
    if (status === 409 || status === 422) expect(err.userMessage).toContain("[redacted]");
  });

  it("when a 422 puts it in a field error", async () => {
    server.script(error422WithKey);
    const err = await failure(client().createCluster(createBody, { idempotencyKey: "k" }));
    expect(Object.keys(err.fieldErrors)).toEqual(["name"]);
    expectNoKey(err);
  });

  it("when an HTML page quotes it", async () => {
    server.script((req, res) =>
      sendText(res, 200, `<html><pre>${req.headers.authorization}</pre></html>`, "text/html"),
    );
    const err = await failure(client().getBalance());
    expect(err.kind).toBe("bad_response");
    expectNoKey(err);
  });

  it("when a body failing the schema contains it", async () => {
    server.script((req, res) =>
      sendJson(res, 200, { data: cluster({ node_count: req.headers.authorization }) }),
    );
    const err = await failure(client().getCluster("c1"));
    expect(err.kind).toBe("bad_response");
    expectNoKey(err);
  });

  it("when it does not look like a Runcrate key", async () => {
    const odd = "sk-not-a-runcrate-key-0123456789";
    server.script(echo(409, "conflict"));
    const err = await failure(client(odd).startTest("c1"));
    expectNoKey(err, odd);
  });

  it("a key that cannot be sent (newline, spaces, empty) fails as unauthorized without a request and without the key", async () => {
    for (const bad of [`${TEST_KEY}\nX-Injected: 1`, "rc_live_with space in it", "", "   "]) {
      const err = await failure(client(bad).getBalance());
      expect(err.kind).toBe("unauthorized");
      expect(err.userMessage).toMatch(/Add it again in Settings/);
      if (bad.trim()) expectNoKey(err, bad);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("a network failure carries only a scrubbed cause", async () => {
    const { baseUrl } = server;
    await server.close();
    const err = await failure(
      createRuncrateClient({ apiKey: TEST_KEY, baseUrl, timeoutMs: 500, maxRetries: 0 }).getBalance(),
    );
    expect(err.kind).toBe("unreachable");
    expectNoKey(err);
    server = await startScriptedServer();
  });
});

const error422WithKey: Handler = (req, res) =>
  sendJson(res, 422, {
    error: {
      code: "invalid",
      message: "bad",
      details: { errors: { name: `rejected for ${req.headers.authorization}` } },
    },
  });

describe("redact helpers", () => {
  it("scrubs rc_live_ keys, bearer tokens and given secrets", () => {
    expect(redact("key rc_live_abc-DEF_123 here")).toBe("key rc_live_[redacted] here");
    expect(redact("Authorization: Bearer xyz.abc.def, next")).toBe("Authorization: Bearer [redacted], next");
    expect(redact("my secret-token-value leaked", ["secret-token-value"])).toBe("my [redacted] leaked");
    // Short "secrets" would shred ordinary words and are ignored.
    expect(redact("a short word", ["short"])).toBe("a short word");
  });

  it("redacts deeply, keys of objects included", () => {
    expect(redactDeep({ a: ["rc_live_x1"], rc_live_y2: { b: "Bearer t" }, n: 3 })).toEqual({
      a: ["rc_live_[redacted]"],
      "rc_live_[redacted]": { b: "Bearer [redacted]" },
      n: 3,
    });
  });

  it("toDisplayText strips markup and control characters, refuses HTML pages and truncates", () => {
    expect(toDisplayText("  Not\tready\n<b>now</b>  ")).toBe("Not ready now");
    expect(toDisplayText("<!doctype html><title>x</title>")).toBeNull();
    expect(toDisplayText("<html><body>oops</body></html>")).toBeNull();
    expect(toDisplayText("node_count must be <= 8 and >= 2")).toBe("node_count must be <= 8 and >= 2");
    expect(toDisplayText(42)).toBeNull();
    expect(toDisplayText("x".repeat(300), [], 50)).toHaveLength(50);
  });
});
