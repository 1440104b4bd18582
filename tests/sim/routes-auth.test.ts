import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf, objectOf, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ revokedKeys: ["rc_live_revoked0001"] });
});
afterAll(() => h.close());

describe("authentication", () => {
  it.each([
    ["no key", null, "missing_key"],
    ["a key without the rc_live_ prefix", "sk_test_abcdef123456", "invalid_key"],
    ["a key with only the prefix", "rc_live_", "invalid_key"],
    ["a revoked key (SIM_REVOKED_KEYS)", "rc_live_revoked0001", "invalid_key"],
  ])("answers 401 for %s", async (_what, key, code) => {
    const res = await h.call("GET", "/clusters", { key });
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe(code);
  });

  it("answers 401 for a malformed Authorization header", async () => {
    const res = await h.call("GET", "/clusters", { headers: { Authorization: "Token rc_live_abc12345" } });
    expect(res.status).toBe(401);
  });

  it("accepts any key starting with rc_live_", async () => {
    expect((await h.call("GET", "/billing/balance", { key: "rc_live_anything" })).status).toBe(200);
  });
});

describe("routing and the error envelope", () => {
  it("answers unknown /api/v1 routes with a 404 envelope", async () => {
    const res = await h.call("GET", "/instances", { key: h.newKey() });
    expect(res.status).toBe(404);
    expect(errorOf(res)).toMatchObject({ code: "not_found" });
    expect(errorOf(res).message).toContain("/api/v1/instances");
  });

  it("answers paths outside the API with a 404 envelope", async () => {
    const res = await fetch(`${h.sim.url}/favicon.ico`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { code: string } };
    expect(body.error.code).toBe("not_found");
  });

  it("answers a wrong method with 405 and an Allow header", async () => {
    const res = await h.call("PUT", "/clusters", { key: h.newKey(), body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST");
    expect(errorOf(res).code).toBe("method_not_allowed");
    expect((await h.call("POST", "/billing/balance", { key: h.newKey() })).status).toBe(405);
  });

  it("answers 400 for a bad boolean query parameter", async () => {
    const res = await h.call("GET", "/clusters/offers?volume=maybe", { key: h.newKey() });
    expect(res.status).toBe(400);
    expect(errorOf(res).details?.param).toBe("volume");
  });

  it("serves health without a key", async () => {
    const res = await h.call("GET", "/__sim/health");
    expect(res.status).toBe(200);
    expect(objectOf(res).ok).toBe(true);
  });

  it("answers 413 for an oversized body", async () => {
    const res = await h.call("POST", "/clusters", {
      key: h.newKey(),
      rawBody: JSON.stringify({ name: "x".repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
  });
});
