import "server-only";
import { and, eq } from "drizzle-orm";
import { openKey, sealKey, type KeyRing } from "@/lib/server/crypto/key-ring";
import type { Db } from "@/lib/server/db/client";
import { runcrateKeys } from "@/lib/server/db/schema";

/**
 * Stored keys' secrets beyond a team's own use (runcrate-keys.ts): sealing a key again under the current secret, for
 * every stored key at start-up and by `npm run keys:reseal`, and opening one by id for the guardian's calls.
 */

type KeyRow = typeof runcrateKeys.$inferSelect;

export async function resealRow(db: Db, ring: KeyRing, row: KeyRow, apiKey: string): Promise<boolean> {
  const sealed = sealKey(ring, apiKey, row.userId, row.id);
  const done = await db
    .update(runcrateKeys)
    .set(sealed)
    .where(and(eq(runcrateKeys.id, row.id), eq(runcrateKeys.ciphertext, row.ciphertext)))
    .returning({ id: runcrateKeys.id });
  return done.length > 0;
}

/**
 * Re-seals every stored key that is in an older format or sealed with a previous secret (`npm run keys:reseal`, and
 * at start-up). Rows no secret in the ring opens are counted, left as they are, and never logged with content.
 */
export async function resealAllKeys(
  db: Db,
  ring: KeyRing,
): Promise<{ checked: number; resealed: number; unreadable: number }> {
  const rows = await db.select().from(runcrateKeys);
  let resealed = 0;
  let unreadable = 0;
  for (const row of rows) {
    let opened: { apiKey: string; stale: boolean };
    try {
      opened = openKey(ring, row);
    } catch {
      unreadable++;
      continue;
    }
    if (opened.stale && (await resealRow(db, ring, row, opened.apiKey))) resealed++;
  }
  return { checked: rows.length, resealed, unreadable };
}

/**
 * A stored key by id, decrypted right before the one call it is for (the guardian's, a Spend page read); never kept,
 * logged or rendered. Null when the key was deleted.
 */
export async function keySecretById(
  db: Db,
  keyId: string,
  ring: KeyRing,
): Promise<{ id: string; label: string; environment: string | null; teamId: string; apiKey: string } | null> {
  const [row] = await db.select().from(runcrateKeys).where(eq(runcrateKeys.id, keyId)).limit(1);
  if (!row) return null;
  // Opened for the guardian's one call; a stale row is re-sealed when its owner next uses it, not here.
  const { apiKey } = openKey(ring, row);
  return { id: row.id, label: row.label, environment: row.environment, teamId: row.teamId, apiKey };
}
