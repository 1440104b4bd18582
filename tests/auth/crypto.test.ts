import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "../support/fast-check";
import { describe, expect, it } from "vitest";
import { DecryptionError, open, seal } from "@/lib/server/crypto/aes-gcm";
import { parseEncryptionSecret } from "@/lib/server/crypto/encryption-key";
import { readOrCreateSecretFile } from "@/lib/server/crypto/secret-file";

const secret = randomBytes(32);
const flip = (b64: string, index = 0) => {
  const buf = Buffer.from(b64, "base64");
  buf[index % buf.length] = buf[index % buf.length]! ^ 0x01;
  return buf.toString("base64");
};

describe("AES-256-GCM sealing", () => {
  it("round-trips any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (text) => {
        expect(open(seal(text, secret, 1), secret)).toBe(text);
      }),
    );
  });

  it("uses a fresh 12-byte IV per value", () => {
    const ivs = new Set(Array.from({ length: 200 }, () => seal("rc_live_same", secret, 1).iv));
    expect(ivs.size).toBe(200);
    expect(Buffer.from([...ivs][0]!, "base64")).toHaveLength(12);
  });

  it("rejects a tampered ciphertext, tag or IV", () => {
    const sealed = seal("rc_live_abcdefghijklmnop", secret, 1);
    for (let i = 0; i < Buffer.from(sealed.ciphertext, "base64").length; i++) {
      expect(() => open({ ...sealed, ciphertext: flip(sealed.ciphertext, i) }, secret)).toThrow(
        DecryptionError,
      );
    }
    expect(() => open({ ...sealed, tag: flip(sealed.tag, 5) }, secret)).toThrow(DecryptionError);
    expect(() => open({ ...sealed, iv: flip(sealed.iv, 3) }, secret)).toThrow(DecryptionError);
  });

  it("rejects a truncated tag or an IV of the wrong length", () => {
    const sealed = seal("rc_live_abcdefghijklmnop", secret, 1);
    const shortTag = Buffer.from(sealed.tag, "base64").subarray(0, 4).toString("base64");
    expect(() => open({ ...sealed, tag: shortTag }, secret)).toThrow(DecryptionError);
    expect(() => open({ ...sealed, iv: randomBytes(16).toString("base64") }, secret)).toThrow(
      DecryptionError,
    );
  });

  it("rejects the wrong secret, and a secret that is not 32 bytes", () => {
    const sealed = seal("rc_live_abcdefghijklmnop", secret, 1);
    expect(() => open(sealed, randomBytes(32))).toThrow(DecryptionError);
    expect(() => seal("x", randomBytes(16), 1)).toThrow(/32 bytes/);
  });

  it("does not say which part failed", () => {
    const sealed = seal("rc_live_abcdefghijklmnop", secret, 1);
    try {
      open({ ...sealed, tag: flip(sealed.tag) }, secret);
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).not.toMatch(/rc_live|abcdef/);
    }
  });
});

describe("CLUSTERDECK_ENCRYPTION_KEY parsing", () => {
  it("accepts 32 bytes of base64 (standard or url-safe)", () => {
    const raw = randomBytes(32);
    expect(parseEncryptionSecret(raw.toString("base64"))).toEqual(raw);
    expect(parseEncryptionSecret(raw.toString("base64url"))).toEqual(raw);
  });
  it("explains a wrong length or non-base64 value", () => {
    expect(parseEncryptionSecret(randomBytes(16).toString("base64"))).toMatch(
      /exactly 32 bytes \(it decodes to 16\)/,
    );
    expect(parseEncryptionSecret("not base64!!")).toMatch(/must be base64/);
  });
});

describe("generated secret files", () => {
  it("are created once with mode 0600 and then reused", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "clusterdeck-secret-"));
    try {
      let calls = 0;
      const gen = () => `value-${++calls}`;
      const first = readOrCreateSecretFile(path.join(dir, "nested"), "encryption-key", gen);
      const second = readOrCreateSecretFile(path.join(dir, "nested"), "encryption-key", gen);
      expect(first).toBe("value-1");
      expect(second).toBe("value-1");
      const file = path.join(dir, "nested", "encryption-key");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, "utf8").trim()).toBe("value-1");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
