import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "@/sim/config";
import { hostName, isLoopbackName } from "@/sim/control-guard";
import { startSimulator, type RunningSimulator } from "@/sim/server";

type Reply = { status: number; body: { error?: { code?: string } } & Record<string, unknown> };

/** A raw HTTP request, so the Host header can be anything (fetch won't let a test set it). */
function send(
  sim: RunningSimulator,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: sim.port,
        method,
        path,
        headers: { host: `127.0.0.1:${sim.port}`, ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const JSON_TYPE = { "content-type": "application/json" };

describe("simulator control endpoints refuse what a web page could send", () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ manualClock: true, rateLimit: 0 });
  });
  afterAll(() => sim.close());

  it("refuse a POST without Content-Type: application/json (the no-preflight text/plain trick), changing nothing", async () => {
    const before = (await send(sim, "GET", "/__sim/clock")).body.now;
    for (const type of [
      undefined,
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
    ]) {
      const r = await send(
        sim,
        "POST",
        "/__sim/clock/advance",
        type ? { "content-type": type } : {},
        '{"seconds":3600}',
      );
      expect(r.status, String(type)).toBe(415);
      expect(r.body.error?.code).toBe("unsupported_media_type");
    }
    expect((await send(sim, "POST", "/__sim/reset")).status).toBe(415);
    expect((await send(sim, "GET", "/__sim/clock")).body.now).toBe(before);
    const ok = await send(sim, "POST", "/__sim/clock/advance", JSON_TYPE, '{"seconds":3600}');
    expect(ok.status).toBe(200);
    expect((await send(sim, "GET", "/__sim/clock")).body.now).not.toBe(before);
  });

  it("refuse a Host that is neither loopback nor configured (DNS rebinding)", async () => {
    for (const host of ["evil.example", `evil.example:${4010}`, "127.0.0.1.evil.example", "10.0.0.5"]) {
      const r = await send(sim, "POST", "/__sim/faults", { ...JSON_TYPE, host }, '{"outage":true}');
      expect(r.status, host).toBe(403);
      expect(r.body.error?.code).toBe("forbidden_host");
      expect((await send(sim, "GET", "/__sim/health", { host })).status, host).toBe(403);
    }
    expect(((await send(sim, "GET", "/__sim/faults")).body.data as { outage: boolean }).outage).toBe(false);
    for (const host of ["localhost", "localhost:4010", "app.localhost", "127.0.0.1", "[::1]:4010"])
      expect((await send(sim, "GET", "/__sim/health", { host })).status, host).toBe(200);
  });

  it("leave the Runcrate API itself alone (its callers hold a key)", async () => {
    const r = await send(sim, "GET", "/api/v1/clusters/offers", {
      host: "sim.internal",
      authorization: "Bearer rc_live_guard_test_0001",
    });
    expect(r.status).toBe(200);
  });
});

describe("SIM_CONTROL_TOKEN", () => {
  let sim: RunningSimulator;
  const token = "s3cret-control-token-0123";
  beforeAll(async () => {
    sim = await startSimulator({ manualClock: true, rateLimit: 0, controlToken: token, host: "127.0.0.1" });
  });
  afterAll(() => sim.close());

  it("is required on every control request but the health probe", async () => {
    for (const auth of [undefined, "Bearer wrong-token-0000000000", `Basic ${token}`]) {
      const r = await send(sim, "POST", "/__sim/reset", {
        ...JSON_TYPE,
        ...(auth ? { authorization: auth } : {}),
      });
      expect(r.status, String(auth)).toBe(401);
      expect((await send(sim, "GET", "/__sim/stats", auth ? { authorization: auth } : {})).status).toBe(401);
    }
    expect(
      (await send(sim, "POST", "/__sim/reset", { ...JSON_TYPE, authorization: `Bearer ${token}` })).status,
    ).toBe(200);
    expect((await send(sim, "GET", "/__sim/health")).status).toBe(200);
  });

  it("is read from the environment, and a short one is refused", () => {
    expect(configFromEnv({ SIM_CONTROL_TOKEN: token }).controlToken).toBe(token);
    expect(configFromEnv({}).controlToken).toBeUndefined();
    expect(() => configFromEnv({ SIM_CONTROL_TOKEN: "short" })).toThrow(/SIM_CONTROL_TOKEN/);
  });
});

describe("host names", () => {
  it("parses Host headers and knows loopback names", () => {
    expect(hostName("LocalHost:4010")).toBe("localhost");
    expect(hostName("[::1]:80")).toBe("::1");
    expect(hostName("a b")).toBeNull();
    expect(hostName(undefined)).toBeNull();
    for (const n of ["localhost", "x.localhost", "127.0.0.1", "127.8.9.10", "::1"])
      expect(isLoopbackName(n), n).toBe(true);
    for (const n of ["localhost.evil.example", "127.0.0.256", "128.0.0.1", "0.0.0.0", "evil.example"])
      expect(isLoopbackName(n), n).toBe(false);
  });
});
