import { afterEach, describe, expect, it, vi } from "vitest";
import {
  hashPassword,
  needsRehash,
  passwordParams,
  PASSWORD_PARAMS,
  verifyPassword,
} from "@/lib/accounts/server/password";
import { legacyHash } from "./support/legacy-hash";

afterEach(() => vi.unstubAllEnvs());

/**
 * The production work factor for one test: the suite runs at a lower one (vitest.config.mts). Hashing at it takes
 * a few hundred ms per hash on a quiet machine, far longer on a loaded one; those tests get a longer timeout.
 */
const atProductionCost = () => vi.stubEnv("PASSWORD_SCRYPT_N", undefined);

describe("password hashing (scrypt)", () => {
  it("has OWASP's N=2^17, r=8, p=1 as the default, and only tests turn it down", () => {
    expect(PASSWORD_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(passwordParams({})).toEqual({ N: 131072, r: 8, p: 1 });
    expect(passwordParams({ PASSWORD_SCRYPT_N: " " })).toEqual({ N: 131072, r: 8, p: 1 });
    expect(passwordParams({ PASSWORD_SCRYPT_N: "1024" })).toEqual({ N: 1024, r: 8, p: 1 });
    for (const bad of ["1000", "512", "262144", "2^10", "-1024"])
      expect(() => passwordParams({ PASSWORD_SCRYPT_N: bad })).toThrow(
        /PASSWORD_SCRYPT_N must be a power of two/,
      );
  });

  it("verifies the right password and rejects a wrong one", async () => {
    // The suite's work factor (the production one is checked below): the layout of a stored hash is the same.
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("hashes with OWASP's N=2^17, r=8, p=1, still verifies older hashes and marks them for re-hashing", async () => {
    atProductionCost();
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(hash.split("$").slice(1, 4)).toEqual(["131072", "8", "1"]);
    expect(needsRehash(hash)).toBe(false);
    const old = legacyHash("correct horse battery");
    expect(await verifyPassword("correct horse battery", old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash("bcrypt$whatever")).toBe(true);
  }, 120_000);

  it("verifies a hash made at a lower (test) cost, and marks it for re-hashing at the production cost", async () => {
    const cheap = await hashPassword("correct horse battery");
    expect(cheap.split("$").slice(1, 4)).toEqual(["1024", "8", "1"]);
    expect(needsRehash(cheap)).toBe(false);
    atProductionCost();
    expect(await verifyPassword("correct horse battery", cheap)).toBe(true);
    expect(await verifyPassword("correct horse batterY", cheap)).toBe(false);
    expect(needsRehash(cheap)).toBe(true);
  }, 120_000);

  it("salts every hash, so one password hashes differently for two users", async () => {
    const [a, b] = await Promise.all([hashPassword("same password!!"), hashPassword("same password!!")]);
    expect(a).not.toBe(b);
    expect(a.split("$")[4]).not.toBe(b.split("$")[4]);
  });

  it("treats a malformed stored hash as a non-match instead of throwing", async () => {
    for (const stored of [
      "",
      "bcrypt$x",
      "scrypt$0$8$1$aa$bb",
      "scrypt$32768$8$1$c2FsdA==$",
      "scrypt$a$b$c$d$e",
    ]) {
      expect(await verifyPassword("whatever password", stored)).toBe(false);
    }
  });

  it("normalises Unicode so the same visible password always matches", async () => {
    const composed = "pässwörd-long-enough";
    const decomposed = composed.normalize("NFD");
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });
});
