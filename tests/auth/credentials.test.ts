import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCredentials, tooManyAttemptsMessage } from "@/lib/server/auth/credentials";
import { hashPassword } from "@/lib/server/crypto/password";
import type { Database } from "@/lib/server/db/client";
import { lockedUntil, recordFailure } from "@/lib/server/db/sign-in-attempts";
import { createUser, findUserByEmail } from "@/lib/server/db/users";
import { legacyHash } from "./support/legacy-hash";
import { BACKENDS } from "../db/support/backends";

const PASSWORD = "a long enough password";

describe.each(BACKENDS)("sign-in checks and limits on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let hash: string;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
    hash = await hashPassword(PASSWORD);
  });
  afterAll(async () => dispose());

  async function user(email: string) {
    await createUser(database.db, { email, name: null, passwordHash: hash });
  }

  it("accepts the right password (email in any case) and refuses a wrong one or an unknown email alike", async () => {
    await user("ok@example.com");
    expect(
      await checkCredentials(database.db, { email: "OK@example.com", password: PASSWORD }, "10.0.0.1"),
    ).toMatchObject({
      ok: true,
      user: { email: "ok@example.com" },
    });
    expect(
      await checkCredentials(
        database.db,
        { email: "ok@example.com", password: "wrong password!!" },
        "10.0.0.1",
      ),
    ).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(
      await checkCredentials(database.db, { email: "nobody@example.com", password: PASSWORD }, "10.0.0.1"),
    ).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("re-hashes an older (N=2^15) password hash with the current parameters on a successful sign-in only", async () => {
    const old = legacyHash(PASSWORD);
    await createUser(database.db, { email: "legacy@example.com", name: null, passwordHash: old });
    const wrong = { email: "legacy@example.com", password: "not the password" };
    expect(await checkCredentials(database.db, wrong, "10.0.0.9")).toEqual({ ok: false, reason: "invalid" });
    expect((await findUserByEmail(database.db, "legacy@example.com"))?.passwordHash).toBe(old);
    const right = { email: "legacy@example.com", password: PASSWORD };
    expect(await checkCredentials(database.db, right, "10.0.0.9")).toMatchObject({ ok: true });
    const upgraded = (await findUserByEmail(database.db, "legacy@example.com"))?.passwordHash ?? "";
    expect(upgraded.split("$").slice(0, 4)).toEqual(["scrypt", "131072", "8", "1"]);
    // The upgraded hash is a hash of the same password.
    expect(await checkCredentials(database.db, right, "10.0.0.9")).toMatchObject({ ok: true });
    expect((await findUserByEmail(database.db, "legacy@example.com"))?.passwordHash).toBe(upgraded);
  });

  it("refuses malformed and over-long input before touching the password", async () => {
    const long = "x".repeat(201);
    expect(
      await checkCredentials(database.db, { email: "ok@example.com", password: long }, "10.0.0.2"),
    ).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await checkCredentials(database.db, { email: ["a"], password: PASSWORD }, "10.0.0.2")).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("locks an account after 5 wrong passwords, even with the right one, and tells for how long", async () => {
    await user("victim@example.com");
    const now = new Date("2030-01-01T00:00:00Z");
    for (let i = 1; i <= 4; i++) {
      const r = await checkCredentials(
        database.db,
        { email: "victim@example.com", password: `wrong-${i}-password` },
        `10.1.0.${i}`,
        now,
      );
      expect(r).toEqual({ ok: false, reason: "invalid" });
    }
    const fifth = await checkCredentials(
      database.db,
      { email: "victim@example.com", password: "wrong-5-password" },
      "10.1.0.5",
      now,
    );
    expect(fifth).toEqual({ ok: false, reason: "rate_limited", retryAfterSeconds: 900 });
    const right = await checkCredentials(
      database.db,
      { email: "victim@example.com", password: PASSWORD },
      "10.1.0.6",
      new Date(now.getTime() + 60_000),
    );
    expect(right).toEqual({ ok: false, reason: "rate_limited", retryAfterSeconds: 840 });
    // After the lock ends the right password works again.
    const later = await checkCredentials(
      database.db,
      { email: "victim@example.com", password: PASSWORD },
      "10.1.0.6",
      new Date(now.getTime() + 16 * 60_000),
    );
    expect(later.ok).toBe(true);
  });

  it("locks an address after 20 failures across many accounts", async () => {
    const now = new Date("2030-02-01T00:00:00Z");
    let last;
    for (let i = 0; i < 20; i++) {
      last = await checkCredentials(
        database.db,
        { email: `spray${i}@example.com`, password: "wrong password!" },
        "203.0.113.9",
        now,
      );
    }
    expect(last).toMatchObject({ ok: false, reason: "rate_limited" });
    await user("innocent@example.com");
    expect(
      await checkCredentials(
        database.db,
        { email: "innocent@example.com", password: PASSWORD },
        "203.0.113.9",
        now,
      ),
    ).toMatchObject({
      reason: "rate_limited",
    });
    // Another address is unaffected.
    expect(
      (
        await checkCredentials(
          database.db,
          { email: "innocent@example.com", password: PASSWORD },
          "203.0.113.10",
          now,
        )
      ).ok,
    ).toBe(true);
  });

  it("counts failures in a window: old failures expire", async () => {
    const policy = { maxFailures: 3, windowMs: 60_000, lockMs: 60_000 };
    const t0 = new Date("2030-03-01T00:00:00Z");
    expect(await recordFailure(database.db, "account:window@x", policy, t0)).toBeNull();
    expect(
      await recordFailure(database.db, "account:window@x", policy, new Date(t0.getTime() + 1000)),
    ).toBeNull();
    // The window has passed: this counts as the first failure of a new window.
    expect(
      await recordFailure(database.db, "account:window@x", policy, new Date(t0.getTime() + 61_000)),
    ).toBeNull();
    expect(await lockedUntil(database.db, ["account:window@x"], new Date(t0.getTime() + 61_000))).toBeNull();
  });

  it("counts concurrent failures from several instances without losing any", async () => {
    const policy = { maxFailures: 10, windowMs: 60_000, lockMs: 60_000 };
    const now = new Date("2030-04-01T00:00:00Z");
    const results = await Promise.all(
      Array.from({ length: 10 }, () => recordFailure(database.db, "address:198.51.100.1", policy, now)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await lockedUntil(database.db, ["address:198.51.100.1"], now)).toEqual(
      new Date(now.getTime() + 60_000),
    );
  });
});

describe("the too-many-attempts message", () => {
  it("rounds up to whole minutes", () => {
    expect(tooManyAttemptsMessage(900)).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    expect(tooManyAttemptsMessage(61)).toBe("Too many sign-in attempts. Try again in 2 minutes.");
    expect(tooManyAttemptsMessage(5)).toBe("Too many sign-in attempts. Try again in 1 minute.");
  });
});
