import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRuncrateClient } from "@/lib/runcrate/server/client";
import { isRuncrateError } from "@/lib/runcrate/server/errors";
import { clusterResponseSchema, errorEnvelopeSchema } from "@/lib/runcrate/schemas";
import { startScriptedServer, json, type ScriptedServer } from "@/tests/support/scripted-server";
import { TEST_KEY, createBody, seedBodies } from "@/tests/support/runcrate-bodies";

/** The example bodies of the API reference page "Create a cluster" (tests/fixtures/seed-create-cluster.json). */
describe("the seed's example bodies", () => {
  let server: ScriptedServer;
  beforeEach(async () => {
    server = await startScriptedServer();
  });
  afterEach(async () => {
    await server.close();
  });
  const client = () => createRuncrateClient({ apiKey: TEST_KEY, baseUrl: server.baseUrl, timeoutMs: 1_000 });

  it.each([
    ["created (201)", seedBodies.created],
    ["replayed (200)", seedBodies.replayed],
  ])("%s parses with clusterResponseSchema, every documented field kept", (_name, body) => {
    const parsed = clusterResponseSchema.parse(body);
    // Nothing is dropped or rewritten: the parsed object equals the document.
    expect(parsed).toEqual(body);
    expect(parsed.data.status).toBe("provisioning");
    expect(parsed.data.nodes?.[0]?.role).toBe("head");
    expect(parsed.data.connection?.snippets?.torchrun).toBe("<string>");
    expect(parsed.data.last_test?.result?.sizes?.[0]?.busbw_gb_s).toBe(123);
  });

  it("the error example parses with the error envelope", () => {
    expect(errorEnvelopeSchema.parse(seedBodies.error)).toEqual(seedBodies.error);
  });

  it("goes through createCluster: 201 → new, 200 → replayed", async () => {
    server.script(json(201, seedBodies.created), json(200, seedBodies.replayed));
    const first = await client().createCluster(createBody, { idempotencyKey: "seed-1" });
    const again = await client().createCluster(createBody, { idempotencyKey: "seed-1" });
    expect(first).toEqual({ cluster: seedBodies.created.data, replayed: false });
    expect(again).toEqual({ cluster: seedBodies.replayed.data, replayed: true });
  });

  it("goes through getCluster", async () => {
    server.script(json(200, seedBodies.created));
    await expect(client().getCluster(seedBodies.created.data.id)).resolves.toEqual(seedBodies.created.data);
    expect(server.requests[0]!.url.pathname).toBe(`/api/v1/clusters/${seedBodies.created.data.id}`);
  });

  it("the seed's error envelope (empty details, placeholder text) becomes a readable error", async () => {
    server.script(json(409, seedBodies.error));
    const err = await client()
      .startTest("c1")
      .catch((e: unknown) => e);
    expect(isRuncrateError(err) && err.kind).toBe("conflict");
    // "<string>" is markup-like placeholder text; it is stripped, leaving the generic message.
    expect(isRuncrateError(err) && err.userMessage).toMatch(/conflicts with the current state/);
    expect(isRuncrateError(err) && err.details).toEqual({});
  });
});
