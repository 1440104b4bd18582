import "server-only";
import { randomBytes } from "node:crypto";
import { dataDir } from "@/lib/server/env";
import { SECRET_BYTES } from "./aes-gcm";
import { readOrCreateSecretFile } from "./secret-file";

/**
 * Parses CLUSTERDECK_ENCRYPTION_KEY (32 bytes, base64). Returns an explanation instead of throwing so the
 * start-up check can print it.
 */
export function parseEncryptionSecret(value: string): Buffer | string {
  const trimmed = value.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return "CLUSTERDECK_ENCRYPTION_KEY must be base64.";
  const buf = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (buf.length !== SECRET_BYTES) {
    return `CLUSTERDECK_ENCRYPTION_KEY must decode to exactly 32 bytes (it decodes to ${buf.length}). Generate one with: openssl rand -base64 32`;
  }
  return buf;
}

let cached: Buffer | undefined;

/**
 * The secret that seals stored Runcrate keys: from CLUSTERDECK_ENCRYPTION_KEY, or — embedded mode only — generated
 * into `${DATA_DIR}/encryption-key` (0600) on the first run. With DATABASE_URL set the env var is required: a
 * secret on one instance's disk would make the other instances unable to read the keys.
 */
export function encryptionSecret(): Buffer {
  if (cached) return cached;
  const fromEnv = process.env.CLUSTERDECK_ENCRYPTION_KEY;
  if (fromEnv) {
    const parsed = parseEncryptionSecret(fromEnv);
    if (typeof parsed === "string") throw new Error(parsed);
    cached = parsed;
    return cached;
  }
  if (process.env.DATABASE_URL) {
    throw new Error(
      "CLUSTERDECK_ENCRYPTION_KEY is required when DATABASE_URL is set (generate one with: openssl rand -base64 32).",
    );
  }
  const stored = readOrCreateSecretFile(dataDir(), "encryption-key", () =>
    randomBytes(SECRET_BYTES).toString("base64"),
  );
  const parsed = parseEncryptionSecret(stored);
  if (typeof parsed === "string")
    throw new Error(`${dataDir()}/encryption-key is not a valid secret: ${parsed}`);
  cached = parsed;
  return cached;
}
