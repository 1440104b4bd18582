import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedServer, delayed, json, type ScriptedServer } from "@/tests/support/scripted-server";
import { TEST_KEY } from "@/tests/support/runcrate-bodies";

/**
 * Without baseUrl/timeoutMs the client reads RUNCRATE_API_URL and RUNCRATE_TIMEOUT_MS through lib/server/env.ts.
 * env() caches on first use, so the variables are set before the modules are imported (vitest isolates test files).
 */
describe("defaults from the environment", () => {
  let server: ScriptedServer;
  const saved = { url: process.env.RUNCRATE_API_URL, timeout: process.env.RUNCRATE_TIMEOUT_MS };
  beforeAll(async () => {
    server = await startScriptedServer("/custom/api/v1");
    process.env.RUNCRATE_API_URL = `${server.baseUrl}/`;
    process.env.RUNCRATE_TIMEOUT_MS = "150";
  });
  afterAll(async () => {
    await server.close();
    for (const [name, value] of [
      ["RUNCRATE_API_URL", saved.url],
      ["RUNCRATE_TIMEOUT_MS", saved.timeout],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("uses RUNCRATE_API_URL (trailing slash and all) and RUNCRATE_TIMEOUT_MS", async () => {
    const { createRuncrateClient } = await import("@/lib/runcrate/server/client");
    server.script(json(200, { data: [] }));
    expect((await createRuncrateClient({ apiKey: TEST_KEY }).listEnvironments()).items).toEqual([]);
    expect(server.requests[0]!.url.pathname).toBe("/custom/api/v1/environments");

    server.script(delayed(1_000, json(200, { data: { creditsBalance: 1 } })));
    const err = await createRuncrateClient({ apiKey: TEST_KEY, maxRetries: 0 })
      .getBalance()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: "timeout" });
  });
});
