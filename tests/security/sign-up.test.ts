import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@/lib/server/db/client";
import { findUserByEmail } from "@/lib/accounts/server/users";
import { BACKENDS } from "../db/support/backends";

// Spy on the hash: a weak sign-up never pays for scrypt, and a known address pays exactly what a new one does.
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/lib/accounts/server/password", async (orig) => {
  const real = await orig<typeof import("@/lib/accounts/server/password")>();
  return {
    ...real,
    hashPassword: async (p: string) => {
      hashes.count++;
      return real.hashPassword(p);
    },
  };
});

const { registerUser, tooManySignUpsMessage } = await import("@/lib/accounts/server/sign-up");
const { passwordWeakness } = await import("@/lib/accounts/server/password-strength");

const STRONG = "unicorn-lantern-7-brisk";

describe("password strength (zxcvbn, score ≥ 3)", () => {
  it("refuses guessable passwords with feedback, accepts passphrases", () => {
    for (const weak of ["aaaaaaaaaaaa", "password1234", "qwertyuiop12", "123456789012"]) {
      expect(passwordWeakness(weak), weak).toMatch(/^This password is too easy to guess\. \S/);
    }
    expect(passwordWeakness("aaaaaaaaaaaa")).toMatch(/Repeated characters/);
    for (const strong of [STRONG, "correct horse battery staple", "a long enough password"])
      expect(passwordWeakness(strong), strong).toBeNull();
  });
  it("counts the user's own email and name against the password", () => {
    const pw = "ada.lovelace1815";
    expect(passwordWeakness(pw, ["ada.lovelace1815@example.com", "ada.lovelace1815"])).not.toBeNull();
  });
});

describe.each(BACKENDS)("sign-up on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  it("checks strength before hashing, creates the account once, and answers a known address like a new one", async () => {
    const before = hashes.count;
    expect(
      await registerUser(database.db, { email: "New@Example.com", name: null, password: STRONG }, "10.9.0.1"),
    ).toEqual({ ok: true, outcome: "created" });
    expect(hashes.count - before).toBe(1);
    const made = await findUserByEmail(database.db, "new@example.com");
    expect(made).not.toBeNull();
    // Same address, any case, another password: the same success, the same work (one hash), nothing made or changed.
    const again = await registerUser(
      database.db,
      { email: "NEW@example.com", name: "Mallory", password: "another-strong-passphrase-9" },
      "10.9.0.2",
    );
    expect(again).toEqual({ ok: true, outcome: "known", userId: made!.id });
    expect(hashes.count - before).toBe(2);
    expect(await findUserByEmail(database.db, "new@example.com")).toEqual(made);
    const weak = await registerUser(
      database.db,
      { email: "weak@example.com", name: null, password: "aaaaaaaaaaaa" },
      "10.9.0.3",
    );
    expect(weak).toMatchObject({
      ok: false,
      reason: "weak_password",
      message: expect.stringMatching(/too easy to guess/),
    });
    expect(await findUserByEmail(database.db, "weak@example.com")).toBeNull();
    expect(hashes.count - before).toBe(2);
  });

  it("two sign-ups with one new address at once: one account, and both answers say the same", async () => {
    const results = await Promise.all(
      ["10.9.1.1", "10.9.1.2", "10.9.1.3"].map((at) =>
        registerUser(database.db, { email: "race@example.com", name: null, password: STRONG }, at),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.outcome === "created")).toHaveLength(1);
    const user = await findUserByEmail(database.db, "race@example.com");
    for (const r of results) if (r.ok && r.outcome === "known") expect(r.userId).toBe(user!.id);
  });

  it("limits sign-up attempts per address (10 an hour), whatever the emails, and other addresses carry on", async () => {
    const at = "192.0.2.44";
    for (let i = 0; i < 10; i++) {
      const r = await registerUser(
        database.db,
        { email: "new@example.com", name: null, password: STRONG },
        at,
      );
      expect(r, `attempt ${i + 1}`).toMatchObject({ ok: true, outcome: "known" });
    }
    const eleventh = await registerUser(
      database.db,
      { email: `probe@example.com`, name: null, password: STRONG },
      at,
    );
    expect(eleventh).toMatchObject({ ok: false, reason: "rate_limited" });
    const wait = (eleventh as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(wait).toBeGreaterThan(3500);
    expect(tooManySignUpsMessage(wait)).toBe(
      "Too many accounts were created from your network. Try again in 60 minutes.",
    );
    // Refused before anything else: the probed email was not even looked up, let alone created.
    expect(await findUserByEmail(database.db, "probe@example.com")).toBeNull();
    expect(
      await registerUser(
        database.db,
        { email: "probe@example.com", name: null, password: STRONG },
        "192.0.2.45",
      ),
    ).toEqual({ ok: true, outcome: "created" });
  }, 60_000);

  it("counts an IPv6 client by its /64: walking the last half of the address does not reset the allowance", async () => {
    for (let i = 0; i < 10; i++) {
      const r = await registerUser(
        database.db,
        { email: "new@example.com", name: null, password: STRONG },
        `2001:db8:7:1::${(i + 1).toString(16)}`,
      );
      expect(r, `attempt ${i + 1}`).toMatchObject({ ok: true, outcome: "known" });
    }
    const walked = await registerUser(
      database.db,
      { email: "walk@example.com", name: null, password: STRONG },
      "2001:db8:7:1:ffff:ffff:ffff:ffff",
    );
    expect(walked).toMatchObject({ ok: false, reason: "rate_limited" });
    // The next /64 is another network.
    expect(
      await registerUser(
        database.db,
        { email: "walk@example.com", name: null, password: STRONG },
        "2001:db8:7:2::1",
      ),
    ).toEqual({ ok: true, outcome: "created" });
  }, 60_000);
});
