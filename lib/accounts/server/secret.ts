import "server-only";
import { randomBytes } from "node:crypto";
import { dataDir } from "@/lib/server/env";
import { readOrCreateSecretFile } from "@/lib/server/crypto/secret-file";

/**
 * The secret that signs and encrypts session JWTs. From AUTH_SECRET, or — in the embedded setup — generated into
 * `${DATA_DIR}/auth-secret` (0600) on first run, so sessions survive a restart. In production with DATABASE_URL
 * (several instances) it must come from the environment: each instance generating its own would sign everyone out
 * whenever a request lands on another instance.
 */
let cached: string | undefined;

export function authSecret(): string {
  cached ??= resolve();
  return cached;
}

function resolve(): string {
  const fromEnv = process.env.AUTH_SECRET?.trim();
  if (fromEnv) {
    if (fromEnv.length < 32)
      throw new Error(
        "AUTH_SECRET must be at least 32 characters (generate one with: openssl rand -base64 32).",
      );
    return fromEnv;
  }
  if (process.env.DATABASE_URL && process.env.NODE_ENV === "production") {
    throw new Error(
      "AUTH_SECRET is required in production when DATABASE_URL is set (generate one with: openssl rand -base64 32).",
    );
  }
  return readOrCreateSecretFile(dataDir(), "auth-secret", () => randomBytes(32).toString("base64url"));
}
