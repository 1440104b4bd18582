import { describe, expect, it } from "vitest";
import type { PgBoss } from "pg-boss";
import { ensureQueue } from "@/lib/server/jobs/engine";

/** A pg-boss stand-in that counts createQueue calls and fails the first `failures` of them. */
function countingBoss(failures = 0) {
  const made: string[] = [];
  let failing = failures;
  const boss = {
    createQueue: async (name: string) => {
      made.push(name);
      if (failing > 0) {
        failing--;
        throw new Error("database unreachable");
      }
    },
  } as unknown as PgBoss;
  return { boss, made };
}

describe("a feature makes sure of its queue before it sends", () => {
  it("makes each queue once per engine, however often and however concurrently it is asked", async () => {
    const one = countingBoss();
    const other = countingBoss();
    await Promise.all([ensureQueue(one.boss, "a", {}), ensureQueue(one.boss, "a", {})]);
    await ensureQueue(one.boss, "a", {});
    await ensureQueue(one.boss, "b", {});
    await ensureQueue(other.boss, "a", {});
    expect(one.made).toEqual(["a", "b"]);
    expect(other.made).toEqual(["a"]);
  });

  it("tries again after a failed attempt instead of keeping the failure", async () => {
    const { boss, made } = countingBoss(1);
    await expect(ensureQueue(boss, "a", {})).rejects.toThrow("database unreachable");
    await ensureQueue(boss, "a", {});
    await ensureQueue(boss, "a", {});
    expect(made).toEqual(["a", "a"]);
  });
});
