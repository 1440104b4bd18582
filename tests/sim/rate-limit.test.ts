import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf, startHarness, type Harness } from "./support/sim-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rateLimit: 5 });
});
afterAll(() => h.close());

describe("per-key token bucket (SIM_RATE_LIMIT requests per minute)", () => {
  it("lets a full bucket through, then answers 429 with Retry-After until it refills", async () => {
    const key = h.newKey();
    for (let i = 0; i < 5; i++) expect((await h.call("GET", "/clusters", { key })).status).toBe(200);
    const limited = await h.call("GET", "/clusters", { key });
    expect(limited.status).toBe(429);
    // 5 per minute → one token every 12 s.
    expect(limited.headers.get("retry-after")).toBe("12");
    expect(errorOf(limited)).toMatchObject({ code: "rate_limited", details: { retry_after: 12 } });
    await h.control.advance(12);
    expect((await h.call("GET", "/clusters", { key })).status).toBe(200);
    expect((await h.call("GET", "/clusters", { key })).status).toBe(429);
  });

  it("keeps buckets per key", async () => {
    const a = h.newKey();
    const b = h.newKey();
    for (let i = 0; i < 5; i++) await h.call("GET", "/billing/balance", { key: a });
    expect((await h.call("GET", "/billing/balance", { key: a })).status).toBe(429);
    expect((await h.call("GET", "/billing/balance", { key: b })).status).toBe(200);
  });

  it("does not count control endpoints", async () => {
    for (let i = 0; i < 10; i++) expect((await h.call("GET", "/__sim/health")).status).toBe(200);
  });
});
