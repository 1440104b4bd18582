import { describe, expect, it } from "vitest";
import { createCoalescer, readKey } from "@/lib/runcrate/server/coalesce";
import { deferred } from "@/tests/support/deferred";

describe("coalescer", () => {
  it("shares one in-flight request between identical reads", async () => {
    const c = createCoalescer();
    let calls = 0;
    const d = deferred<string>();
    const fn = () => {
      calls++;
      return d.promise;
    };
    const all = Promise.all([c.run("k", fn), c.run("k", fn), c.run("k", fn)]);
    d.resolve("v");
    expect(await all).toEqual(["v", "v", "v"]);
    expect(calls).toBe(1);
  });

  it("serves the result for the TTL, then asks again", async () => {
    let t = 5_000;
    const c = createCoalescer({ ttlMs: 1000, perf: { now: () => t } });
    let calls = 0;
    const fn = async () => ++calls;
    expect(await c.run("k", fn)).toBe(1);
    t += 1000;
    expect(await c.run("k", fn)).toBe(1);
    t += 1;
    expect(await c.run("k", fn)).toBe(2);
  });

  it("counts the TTL from when the read settles, however long it was in flight", async () => {
    let t = 5_000;
    const c = createCoalescer({ ttlMs: 1000, perf: { now: () => t } });
    let calls = 0;
    const d = deferred<string>();
    const slow = () => {
      calls++;
      return d.promise;
    };
    const first = c.run("k", slow);
    t += 5_000;
    const second = c.run("k", slow);
    d.resolve("v");
    expect(await Promise.all([first, second])).toEqual(["v", "v"]);
    t += 1000;
    expect(await c.run("k", async () => "fresh")).toBe("v");
    expect(calls).toBe(1);
  });

  it("keeps different keys apart", async () => {
    const c = createCoalescer();
    let calls = 0;
    const fn = async () => ++calls;
    await Promise.all([c.run("a", fn), c.run("b", fn)]);
    expect(calls).toBe(2);
  });

  it("shares a failure with waiting callers but does not cache it", async () => {
    const c = createCoalescer();
    let calls = 0;
    const d = deferred<string>();
    const failing = () => {
      calls++;
      return d.promise;
    };
    const p1 = c.run("k", failing);
    const p2 = c.run("k", failing);
    d.reject(new Error("upstream 503"));
    await expect(p1).rejects.toThrow("upstream 503");
    await expect(p2).rejects.toThrow("upstream 503");
    expect(calls).toBe(1);
    expect(await c.run("k", async () => "fresh")).toBe("fresh");
  });

  it("turns a synchronous throw into a rejection", async () => {
    const c = createCoalescer();
    await expect(
      c.run("k", () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(c.size()).toBe(0);
  });

  it("keys by key id, environment and path so users and environments never share", () => {
    const base = readKey({ keyId: "k1", environment: null }, "/clusters/x");
    expect(readKey({ keyId: "k2", environment: null }, "/clusters/x")).not.toBe(base);
    expect(readKey({ keyId: "k1", environment: "staging" }, "/clusters/x")).not.toBe(base);
    expect(readKey({ keyId: "k1", environment: null }, "/clusters/y")).not.toBe(base);
    // No separator ambiguity: ("a:b", "c") and ("a", "b:c") differ.
    expect(readKey({ keyId: "a:b", environment: "c" }, "/p")).not.toBe(
      readKey({ keyId: "a", environment: "b:c" }, "/p"),
    );
  });
});
