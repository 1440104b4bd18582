import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { LogLine } from "../support/log-capture";
import { failureOf } from "@/lib/accounts/server/user-action";
import { hashPassword } from "@/lib/accounts/server/password";
import type { Database } from "@/lib/server/db/client";
import { errorSummary } from "@/lib/server/db/errors";
import { addKey, listKeys } from "@/lib/keys/server/runcrate-keys";
import { replacePasswordHash } from "@/lib/accounts/server/users";
import { BACKENDS } from "../db/support/backends";
import { freshKey, makeUser, SECRET } from "../db/support/fixtures";

// What the server logs, to check that a failed query's values never reach it.
const logged = vi.hoisted(() => [] as LogLine[]);
vi.mock("@/lib/server/log", async (original) =>
  (await import("../support/log-capture")).capturedLog(await original(), logged),
);

const postgres = BACKENDS.find((b) => b.name === "postgres")!;

/** The bound values of a drizzle "Failed query … params: a,b,c" message. */
function paramsOf(err: unknown): string[] {
  const m = /params: (.*)$/s.exec(err instanceof Error ? err.message : "");
  return (m?.[1] ?? "").split(",").filter((p) => p.length >= 12);
}

describe("database errors on real Postgres", () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await postgres.create());
  });
  afterAll(async () => dispose());

  it("two simultaneous 'first key' adds both save, exactly one of them active", async () => {
    for (let round = 0; round < 8; round++) {
      const user = await makeUser(database.db);
      const results = await Promise.all(
        ["A", "B", "C"].map((label) =>
          addKey(database.db, user.id, { label, environment: null, apiKey: freshKey() }, SECRET),
        ),
      );
      expect(
        results.every((r) => r.ok),
        JSON.stringify(results),
      ).toBe(true);
      const keys = await listKeys(database.db, user.id);
      expect(keys).toHaveLength(3);
      expect(keys.filter((k) => k.isActive)).toHaveLength(1);
    }
  });

  it("never logs a sealed key or a password hash from a failed query", async () => {
    const errors: unknown[] = [];
    // A key for a user that doesn't exist: a foreign-key violation whose query carries the sealed key.
    await addKey(
      database.db,
      randomUUID(),
      { label: "x", environment: null, apiKey: freshKey() },
      SECRET,
    ).catch((e: unknown) => errors.push(e));
    // A malformed id next to two password hashes: an invalid-input error whose query carries both hashes.
    const [h1, h2] = [
      await hashPassword("first long passphrase"),
      await hashPassword("second long passphrase"),
    ];
    await replacePasswordHash(database.db, "not-a-uuid", h1, h2).catch((e: unknown) => errors.push(e));
    expect(errors).toHaveLength(2);

    for (const err of errors) {
      const secrets = paramsOf(err);
      // The raw error really does carry them (so this test would catch a leak)…
      expect(secrets.length).toBeGreaterThan(0);
      await failureOf(err, "test");
      const line = JSON.stringify(logged.at(-1));
      // …and the log line carries none of them, only what went wrong.
      for (const s of secrets) expect(line).not.toContain(s);
      expect(String(logged.at(-1)?.err)).toMatch(/DatabaseError: a query failed \(code [0-9A-Z]{5}/);
      expect(errorSummary(err)).not.toMatch(/params|select|insert|update/i);
    }
    expect(JSON.stringify(logged)).not.toContain(h1.split("$")[5]!);
  });
});
