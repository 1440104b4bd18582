import { afterEach, describe, expect, it } from "vitest";
import { processSingleton } from "@/lib/process-singleton.mjs";
import {
  CONTEXT_TTL_MS,
  cachedForUser,
  clearContextCache,
  createContextCache,
  invalidateUserContext,
} from "@/lib/server/user-context-cache";

afterEach(() => clearContextCache());

function counter<T>(values: T[]) {
  let calls = 0;
  return {
    load: async () => values[Math.min(calls++, values.length - 1)] as T,
    calls: () => calls,
  };
}

describe("cachedForUser", () => {
  it("reuses a user's context for CONTEXT_TTL_MS, then looks it up again", async () => {
    let t = 1_000;
    const cache = createContextCache({ now: () => t });
    const c = counter(["a1", "a2"]);
    expect(await cachedForUser("alice", c.load, cache)).toBe("a1");
    t += CONTEXT_TTL_MS;
    expect(await cachedForUser("alice", c.load, cache)).toBe("a1");
    expect(c.calls()).toBe(1);
    t += 1;
    expect(await cachedForUser("alice", c.load, cache)).toBe("a2");
    expect(c.calls()).toBe(2);
  });

  it("keeps users apart", async () => {
    expect(await cachedForUser("alice", async () => "alice's")).toBe("alice's");
    expect(await cachedForUser("bob", async () => "bob's")).toBe("bob's");
    expect(await cachedForUser("alice", async () => "other")).toBe("alice's");
  });

  it("shares one lookup between concurrent reads", async () => {
    const c = counter(["x"]);
    const results = await Promise.all(Array.from({ length: 10 }, () => cachedForUser("alice", c.load)));
    expect(results).toEqual(Array(10).fill("x"));
    expect(c.calls()).toBe(1);
  });

  it("forgets a user at once on invalidation, including a lookup still in flight", async () => {
    let release: (v: string) => void = () => {};
    const stale = cachedForUser("alice", () => new Promise<string>((r) => (release = r)));
    invalidateUserContext("alice");
    const fresh = cachedForUser("alice", async () => "after the key change");
    release("before the key change");
    // The read that was already waiting gets what it asked for; no later read does.
    expect(await stale).toBe("before the key change");
    expect(await fresh).toBe("after the key change");
    expect(await cachedForUser("alice", async () => "unused")).toBe("after the key change");
  });

  it("never keeps a failure", async () => {
    await expect(cachedForUser("alice", async () => Promise.reject(new Error("db down")))).rejects.toThrow(
      "db down",
    );
    expect(await cachedForUser("alice", async () => "recovered")).toBe("recovered");
  });

  it("is one store per process, whichever copy of the module asks", async () => {
    await cachedForUser("alice", async () => "kept");
    const shared = processSingleton<{ has(k: string): boolean } | null>("context-cache", () => null);
    expect(shared?.has("alice")).toBe(true);
  });
});
