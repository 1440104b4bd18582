import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, verifyPassword } from "@/lib/server/crypto/password";
import { legacyHash } from "./support/legacy-hash";

describe("password hashing (scrypt)", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("hashes with OWASP's N=2^17, r=8, p=1, still verifies older hashes and marks them for re-hashing", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash.split("$").slice(1, 4)).toEqual(["131072", "8", "1"]);
    expect(needsRehash(hash)).toBe(false);
    const old = legacyHash("correct horse battery");
    expect(await verifyPassword("correct horse battery", old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash("bcrypt$whatever")).toBe(true);
  });

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
