import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { checkCredentials, tooManyAttemptsMessage } from "@/lib/accounts/server/credentials";
import type { Database } from "@/lib/server/db/client";
import { SIGN_IN_ACCOUNT_BRAKE, takeSignInAttempt } from "@/lib/accounts/server/rate-limits";
import {
  hashPassword,
  isPasswordHashingBusy,
  MAX_CONCURRENT_HASHES,
  MAX_WAITING_HASHES,
  passwordHashing,
} from "@/lib/accounts/server/password";
import { createUser, findUserByEmail } from "@/lib/accounts/server/users";
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
  // Tests that check the upgrade to the production work factor switch to it (the suite hashes at a lower one).
  afterEach(() => vi.unstubAllEnvs());

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
    vi.stubEnv("PASSWORD_SCRYPT_N", undefined);
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
  }, 120_000);

  it("re-hashes a hash made at a lower work factor at the production one on the next sign-in", async () => {
    await createUser(database.db, { email: "cheap@example.com", name: null, passwordHash: hash });
    expect(hash.split("$").slice(1, 4)).toEqual(["1024", "8", "1"]);
    vi.stubEnv("PASSWORD_SCRYPT_N", undefined);
    const right = { email: "cheap@example.com", password: PASSWORD };
    expect(await checkCredentials(database.db, right, "10.0.0.10")).toMatchObject({ ok: true });
    const upgraded = (await findUserByEmail(database.db, "cheap@example.com"))?.passwordHash ?? "";
    expect(upgraded.split("$").slice(0, 4)).toEqual(["scrypt", "131072", "8", "1"]);
    expect(await checkCredentials(database.db, right, "10.0.0.10")).toMatchObject({ ok: true });
  }, 120_000);

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

  it("locks out an (account, address) pair after 5 wrong passwords, but not the owner at another address", async () => {
    await user("victim@example.com");
    const attacker = "10.1.0.66";
    // The 15-minute window opens at the first failure: the wait left is 900 s less the time these attempts took.
    const firstFailure = Date.now();
    for (let i = 1; i <= 4; i++) {
      const r = await checkCredentials(
        database.db,
        { email: "victim@example.com", password: `wrong-${i}-password` },
        attacker,
      );
      expect(r).toEqual({ ok: false, reason: "invalid" });
    }
    const fifth = await checkCredentials(
      database.db,
      { email: "victim@example.com", password: "wrong-5-password" },
      attacker,
    );
    expect(fifth).toMatchObject({ ok: false, reason: "rate_limited" });
    const took = Math.ceil((Date.now() - firstFailure) / 1000);
    expect((fifth as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(900 - took - 1);
    expect((fifth as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(900);
    // From the failing address even the right password waits (guessing on would otherwise be free)…
    expect(
      await checkCredentials(database.db, { email: "victim@example.com", password: PASSWORD }, attacker),
    ).toMatchObject({ ok: false, reason: "rate_limited" });
    // …but the owner, at an address that has not been failing, signs in.
    expect(
      await checkCredentials(database.db, { email: "victim@example.com", password: PASSWORD }, "10.1.0.7"),
    ).toMatchObject({ ok: true, user: { email: "victim@example.com" } });
  }, 120_000);

  it("brakes guessing from many addresses: past 50 failures from new addresses those are refused, and the owner's usual address still signs in", async () => {
    await user("brake@example.com");
    const owner = "10.4.0.1";
    const right = { email: "brake@example.com", password: PASSWORD };
    expect(await checkCredentials(database.db, right, owner)).toMatchObject({ ok: true });
    // One wrong guess from each of 50 addresses: no address nears its own limits.
    const answers = [];
    for (let i = 1; i <= SIGN_IN_ACCOUNT_BRAKE.points; i++) {
      answers.push(
        await checkCredentials(
          database.db,
          { email: "brake@example.com", password: `guess-${i}-password` },
          `10.5.${i >> 8}.${i & 0xff}`,
        ),
      );
    }
    expect(answers.slice(0, -1).every((r) => !r.ok && r.reason === "invalid")).toBe(true);
    expect(answers.at(-1)).toMatchObject({ ok: false, reason: "rate_limited" });
    // A new address is refused even with the right password (it is not checked)…
    expect(await checkCredentials(database.db, right, "10.6.0.1")).toMatchObject({
      ok: false,
      reason: "rate_limited",
    });
    // …while the owner's address, which signed in before, is not braked.
    expect(await checkCredentials(database.db, right, owner)).toMatchObject({ ok: true });
  }, 120_000);

  it("forgives an (account, address) pair's failures after a successful sign-in", async () => {
    await user("forgetful@example.com");
    const at = "10.2.0.1";
    for (let i = 0; i < 4; i++)
      await checkCredentials(database.db, { email: "forgetful@example.com", password: `nope-${i}-nope` }, at);
    expect(
      (await checkCredentials(database.db, { email: "forgetful@example.com", password: PASSWORD }, at)).ok,
    ).toBe(true);
    for (let i = 0; i < 4; i++)
      expect(
        await checkCredentials(
          database.db,
          { email: "forgetful@example.com", password: `again-${i}-no` },
          at,
        ),
      ).toEqual({ ok: false, reason: "invalid" });
  }, 120_000);

  it("locks an address after 20 failures across many accounts", async () => {
    let last;
    for (let i = 0; i < 20; i++) {
      last = await checkCredentials(
        database.db,
        { email: `spray${i}@example.com`, password: "wrong password!" },
        "203.0.113.9",
      );
    }
    expect(last).toMatchObject({ ok: false, reason: "rate_limited" });
    await user("innocent@example.com");
    expect(
      await checkCredentials(
        database.db,
        { email: "innocent@example.com", password: PASSWORD },
        "203.0.113.9",
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
        )
      ).ok,
    ).toBe(true);
  }, 120_000);

  it("counts concurrent attempts from several instances without losing any", async () => {
    const results = await Promise.all(
      Array.from({ length: 21 }, (_, i) =>
        takeSignInAttempt(database.db, `c${i}@example.com`, "198.51.100.1"),
      ),
    );
    // The address's 20 attempts are taken; the 21st is refused.
    expect(results.filter((a) => a.refused)).toHaveLength(1);
    expect(
      (await takeSignInAttempt(database.db, "anyone@example.com", "198.51.100.1")).refused,
    ).not.toBeNull();
    expect((await takeSignInAttempt(database.db, "anyone@example.com", "198.51.100.2")).refused).toBeNull();
  });

  it("a burst of 40 concurrent guesses at one account checks only the 5 the limit allows", async () => {
    await createUser(database.db, {
      email: "burst@example.com",
      name: null,
      passwordHash: await hashPassword(PASSWORD),
    });
    const before = passwordHashing().hashes;
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        checkCredentials(
          database.db,
          { email: "burst@example.com", password: "wrong-guess-123" },
          "192.0.2.40",
        ),
      ),
    );
    expect(passwordHashing().hashes - before).toBe(5);
    expect(results.every((r) => !r.ok)).toBe(true);
    expect(results.filter((r) => !r.ok && r.reason === "rate_limited").length).toBeGreaterThanOrEqual(35);
    // The owner, from another address, is not locked out by it.
    expect(
      (await checkCredentials(database.db, { email: "burst@example.com", password: PASSWORD }, "192.0.2.41"))
        .ok,
    ).toBe(true);
  });
});

describe("the password hashing pool", () => {
  it(`runs at most ${MAX_CONCURRENT_HASHES} hashes at once and refuses past ${MAX_WAITING_HASHES} waiting`, async () => {
    const burst = MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES + 6;
    const results = await Promise.allSettled(
      Array.from({ length: burst }, (_, i) => hashPassword(`pw-${i}`)),
    );
    const busy = results.filter((r) => r.status === "rejected" && isPasswordHashingBusy(r.reason));
    expect(busy).toHaveLength(6);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(burst - 6);
    expect(passwordHashing().peak).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
    expect(passwordHashing()).toMatchObject({ running: 0, waiting: 0 });
  });
});

describe("the too-many-attempts message", () => {
  it("rounds up to whole minutes", () => {
    expect(tooManyAttemptsMessage(900)).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    expect(tooManyAttemptsMessage(61)).toBe("Too many sign-in attempts. Try again in 2 minutes.");
    expect(tooManyAttemptsMessage(5)).toBe("Too many sign-in attempts. Try again in 1 minute.");
  });
});
