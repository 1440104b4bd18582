/**
 * Issue #14 against a scripted server: answers the simulator's variants do not cover in one exact shape.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRuncrateClient } from "@/lib/server/runcrate/client";
import { isRuncrateError, type RuncrateError } from "@/lib/server/runcrate/errors";
import { startScriptedServer, json, type ScriptedServer } from "@/tests/support/scripted-server";
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

describe("#14.2 a page fails only when its object cannot be read, and says which field", () => {
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
