/** RUNCRATE_API_URL as an origin, and the start-up check that refuses a URL that is not the API. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeApiBaseUrl } from "@/lib/server/env";
import { probeRuncrateApi } from "@/lib/runcrate/server/api-probe";
import type { RunningSimulator } from "@/sim/server";
import { simClient, startSim } from "@/tests/runcrate/support-sim";

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSim();
  // html-root: every path outside /api/v1 answers a marketing page with 200, as the real origin does.
  await simClient(sim.url).setVariants(null, ["html-root"]);
});
afterAll(async () => {
  await sim.close();
});

describe("RUNCRATE_API_URL", () => {
  it("appends /api/v1 to an origin and keeps a URL with a path", () => {
    expect(normalizeApiBaseUrl("https://www.runcrate.ai")).toBe("https://www.runcrate.ai/api/v1");
    expect(normalizeApiBaseUrl("https://www.runcrate.ai/")).toBe("https://www.runcrate.ai/api/v1");
    expect(normalizeApiBaseUrl("https://www.runcrate.ai/api/v1/")).toBe("https://www.runcrate.ai/api/v1");
    expect(normalizeApiBaseUrl("http://127.0.0.1:4010/custom/api/v1")).toBe(
      "http://127.0.0.1:4010/custom/api/v1",
    );
  });

  it("an origin given to the app reaches the API (not the HTML root)", async () => {
    const r = await probeRuncrateApi(normalizeApiBaseUrl(sim.url));
    expect(r).toEqual({ ok: true, status: 401 });
  });

  it("refuses a URL whose cheap call answers an HTML page, saying so", async () => {
    const r = await probeRuncrateApi(`${sim.url}/v2`);
    expect(r).toMatchObject({ ok: false, refuse: true });
    expect(!r.ok && r.reason).toMatch(/HTML page \(HTTP 200\), not the Runcrate API/);
  });

  it("refuses a URL whose cheap call answers 404", async () => {
    const r = await probeRuncrateApi(`${sim.url}/api/v1/nope`);
    expect(r).toMatchObject({ ok: false, refuse: true });
    expect(!r.ok && r.reason).toMatch(/404: there is no Runcrate API at that path/);
  });

  it("only warns when the API cannot be reached", async () => {
    const r = await probeRuncrateApi("http://127.0.0.1:9/api/v1", { timeoutMs: 1_000 });
    expect(r).toMatchObject({ ok: false, refuse: false });
  });
});
