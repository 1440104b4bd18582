import "server-only";
import { CURRENT_KEY_VERSION, encryptionSecret } from "./encryption-key";

/** The secret for a stored row's key version. Only version 1 exists; a rotation adds the previous secret here. */
export function keySecretFor(version: number): Buffer {
  if (version !== CURRENT_KEY_VERSION) {
    throw new Error(`No encryption secret is configured for key version ${version}.`);
  }
  return encryptionSecret();
}

/** The secret and version new rows are sealed with. */
export function currentKeySecret(): { secret: Buffer; version: number } {
  return { secret: encryptionSecret(), version: CURRENT_KEY_VERSION };
}
