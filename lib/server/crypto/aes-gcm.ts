import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** One sealed value as stored in the database (all base64). */
export type Sealed = { ciphertext: string; iv: string; tag: string; keyVersion: number };

const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_BYTES = 32;

export class DecryptionError extends Error {
  constructor() {
    // Deliberately vague: which part failed is no business of a caller.
    super("The stored value could not be decrypted (wrong secret or tampered data).");
    this.name = "DecryptionError";
  }
}

/**
 * AES-256-GCM with a fresh random 12-byte IV per value. `aad` (additional authenticated data) is bound to the
 * ciphertext without being stored in it: opening needs the same bytes, so a value sealed for one owner and row
 * does not open as another's.
 */
export function seal(plaintext: string, secret: Buffer, keyVersion: number, aad?: string): Sealed {
  assertSecret(secret);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", secret, iv, { authTagLength: TAG_BYTES });
  if (aad !== undefined) cipher.setAAD(Buffer.from(aad, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return {
    ciphertext: ciphertext.toString("base64"),
    iv: iv.toString("base64"),
    tag: cipher.getAuthTag().toString("base64"),
    keyVersion,
  };
}

/**
 * Opens a sealed value; any change to ciphertext, IV or tag, the wrong secret or different additional data throws
 * DecryptionError.
 */
export function open(sealed: Omit<Sealed, "keyVersion">, secret: Buffer, aad?: string): string {
  assertSecret(secret);
  const iv = Buffer.from(sealed.iv, "base64");
  const tag = Buffer.from(sealed.tag, "base64");
  // A short tag would weaken GCM's check; a wrong-length IV is tampering.
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new DecryptionError();
  try {
    const decipher = createDecipheriv("aes-256-gcm", secret, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    if (aad !== undefined) decipher.setAAD(Buffer.from(aad, "utf8"));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed.ciphertext, "base64")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    throw new DecryptionError();
  }
}

function assertSecret(secret: Buffer): void {
  if (secret.length !== SECRET_BYTES) throw new Error("The encryption secret must be exactly 32 bytes.");
}
