import "server-only";
import { DecryptionError, open, seal, type Sealed } from "./aes-gcm";
import { encryptionSecret, parseEncryptionSecret } from "./encryption-key";

/**
 * The secrets that open stored Runcrate keys, and how a row is sealed.
 *
 * Row format (`key_version`): 1 = sealed with no additional data (before the security hardening); 2 = sealed with the owner's user
 * id and the row's id as AES-GCM additional data, so a ciphertext copied into another user's row (or another row)
 * does not open there. Which secret sealed a row is found by trying: GCM's tag makes a wrong secret fail cleanly.
 *
 * Rotation: set the new secret as CLUSTERDECK_ENCRYPTION_KEY and the old one as CLUSTERDECK_ENCRYPTION_KEY_PREVIOUS.
 * Rows open with either; a row opened with the previous secret (or in format 1) is re-sealed with the current one
 * the next time it is read, and `npm run keys:reseal` re-seals every row at once, after which the previous secret
 * can be dropped.
 */
export const CURRENT_FORMAT = 2;

export type KeyRing = { current: Buffer; previous: Buffer[] };

/** What a row's additional data says: whose key, which row. */
export function keyAad(userId: string, keyId: string): string {
  return `clusterdeck/runcrate-key/v2/user:${userId}/key:${keyId}`;
}

let previousCached: Buffer[] | undefined;
function previousSecrets(): Buffer[] {
  if (previousCached) return previousCached;
  const raw = process.env.CLUSTERDECK_ENCRYPTION_KEY_PREVIOUS?.trim();
  if (!raw) return (previousCached = []);
  const parsed = parseEncryptionSecret(raw);
  if (typeof parsed === "string")
    throw new Error(parsed.replace(/CLUSTERDECK_ENCRYPTION_KEY/g, "CLUSTERDECK_ENCRYPTION_KEY_PREVIOUS"));
  return (previousCached = [parsed]);
}

/** The process's key ring, from the environment (and DATA_DIR's generated secret in embedded mode). */
export function keyRing(): KeyRing {
  return { current: encryptionSecret(), previous: previousSecrets() };
}

/** A Runcrate key sealed for this user's row `keyId`, with the current secret. */
export function sealKey(ring: KeyRing, apiKey: string, userId: string, keyId: string): Sealed {
  return seal(apiKey, ring.current, CURRENT_FORMAT, keyAad(userId, keyId));
}

export type StoredKeyRow = Omit<Sealed, "keyVersion"> & { keyVersion: number; id: string; userId: string };

/**
 * Opens what any secret in the ring sealed, trying the current one first; `stale` says it was a previous one (so the
 * value should be sealed again with the current secret). Throws DecryptionError when none opens it.
 */
export function openWithRing(
  ring: KeyRing,
  sealed: Omit<Sealed, "keyVersion">,
  aad?: string,
): { plaintext: string; stale: boolean } {
  const secrets = [ring.current, ...ring.previous];
  for (const [i, secret] of secrets.entries()) {
    try {
      return { plaintext: open(sealed, secret, aad), stale: i > 0 };
    } catch (err) {
      if (!(err instanceof DecryptionError)) throw err;
    }
  }
  throw new DecryptionError();
}

/**
 * Opens a stored row; `stale` says it should be re-sealed (old format, or opened with a previous secret).
 * Throws DecryptionError when no secret in the ring opens it for this user and row.
 */
export function openKey(ring: KeyRing, row: StoredKeyRow): { apiKey: string; stale: boolean } {
  const aad = row.keyVersion >= 2 ? keyAad(row.userId, row.id) : undefined;
  const { plaintext, stale } = openWithRing(ring, row, aad);
  return { apiKey: plaintext, stale: stale || row.keyVersion < CURRENT_FORMAT };
}
