import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import { openKey, sealKey, type KeyRing } from "@/lib/server/crypto/key-ring";
import type { Db } from "@/lib/server/db/client";
import { isUniqueViolation } from "@/lib/server/db/errors";
import { runcrateKeys } from "@/lib/server/db/schema";
import { isUuid } from "@/lib/accounts/server/users";
import { personalTeam } from "@/lib/teams/server/teams-store";

/** What may leave the data layer about a stored key: never the ciphertext, never the key. */
export type KeySummary = {
  id: string;
  label: string;
  environment: string | null;
  last4: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export type { KeyRing };

const summaryColumns = {
  id: runcrateKeys.id,
  label: runcrateKeys.label,
  environment: runcrateKeys.environment,
  last4: runcrateKeys.last4,
  isActive: runcrateKeys.isActive,
  createdAt: runcrateKeys.createdAt,
  updatedAt: runcrateKeys.updatedAt,
};

export function last4Of(apiKey: string): string {
  return apiKey.slice(-4);
}

export async function listKeys(db: Db, userId: string): Promise<KeySummary[]> {
  return db
    .select(summaryColumns)
    .from(runcrateKeys)
    .where(eq(runcrateKeys.userId, userId))
    .orderBy(desc(runcrateKeys.isActive), runcrateKeys.label);
}

export type KeyWriteResult =
  { ok: true; key: KeySummary } | { ok: false; reason: "label_taken" | "not_found" };

/** Saves a key for this user, in their personal team; the first key a user saves becomes the active one. */
export async function addKey(
  db: Db,
  userId: string,
  input: { label: string; environment: string | null; apiKey: string },
  ring: KeyRing,
): Promise<KeyWriteResult> {
  // The row's id is chosen here, so the key can be sealed bound to it (key-ring.ts).
  const id = randomUUID();
  const sealed = sealKey(ring, input.apiKey, userId, id);
  const { teamId } = await personalTeam(db, userId);
  const insert = (mayActivate: boolean) =>
    db.transaction(async (tx) => {
      const [existingActive] = mayActivate
        ? await tx
            .select({ id: runcrateKeys.id })
            .from(runcrateKeys)
            .where(and(eq(runcrateKeys.userId, userId), eq(runcrateKeys.isActive, true)))
            .limit(1)
        : [{ id: "" }];
      const [row] = await tx
        .insert(runcrateKeys)
        .values({
          id,
          userId,
          teamId,
          label: input.label,
          environment: input.environment,
          ...sealed,
          last4: last4Of(input.apiKey),
          isActive: !existingActive,
        })
        .returning(summaryColumns);
      if (!row) throw new Error("insert returned no row");
      return { ok: true, key: row } as const;
    });
  for (const mayActivate of [true, false]) {
    try {
      return await insert(mayActivate);
    } catch (err) {
      // Two "first key" adds at once: both saw no active key, the one-active index let one win. The loser is
      // saved again as inactive (once), rather than failing.
      if (mayActivate && isUniqueViolation(err, "runcrate_keys_one_active") && !isLabelViolation(err))
        continue;
      if (isLabelViolation(err)) return { ok: false, reason: "label_taken" };
      throw err;
    }
  }
  throw new Error("unreachable");
}

/** The label index, told apart from the one-active index (both are unique violations). */
function isLabelViolation(err: unknown): boolean {
  return (
    isUniqueViolation(err, "runcrate_keys_user_label_unique") &&
    !isUniqueViolation(err, "runcrate_keys_one_active")
  );
}

/** Re-enters the key behind an existing label (e.g. after rotating it in the Runcrate dashboard). */
export async function replaceKey(
  db: Db,
  userId: string,
  keyId: string,
  input: { apiKey: string; environment: string | null },
  ring: KeyRing,
): Promise<KeyWriteResult> {
  if (!isUuid(keyId)) return { ok: false, reason: "not_found" };
  const sealed = sealKey(ring, input.apiKey, userId, keyId);
  const [row] = await db
    .update(runcrateKeys)
    .set({ ...sealed, environment: input.environment, last4: last4Of(input.apiKey), updatedAt: new Date() })
    .where(and(eq(runcrateKeys.id, keyId), eq(runcrateKeys.userId, userId)))
    .returning(summaryColumns);
  return row ? { ok: true, key: row } : { ok: false, reason: "not_found" };
}

/** Makes one of the user's keys the active one. Another user's key id is simply "not found". */
export async function activateKey(db: Db, userId: string, keyId: string): Promise<KeyWriteResult> {
  if (!isUuid(keyId)) return { ok: false, reason: "not_found" };
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select(summaryColumns)
      .from(runcrateKeys)
      .where(and(eq(runcrateKeys.id, keyId), eq(runcrateKeys.userId, userId)))
      .for("update");
    if (!target) return { ok: false, reason: "not_found" } as const;
    await tx
      .update(runcrateKeys)
      .set({ isActive: false })
      .where(
        and(eq(runcrateKeys.userId, userId), ne(runcrateKeys.id, keyId), eq(runcrateKeys.isActive, true)),
      );
    await tx.update(runcrateKeys).set({ isActive: true }).where(eq(runcrateKeys.id, keyId));
    return { ok: true, key: { ...target, isActive: true } } as const;
  });
}

/** Deletes one of the user's keys; if it was active, the most recently updated remaining key takes over. */
export async function deleteKey(db: Db, userId: string, keyId: string): Promise<{ ok: boolean }> {
  if (!isUuid(keyId)) return { ok: false };
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(runcrateKeys)
      .where(and(eq(runcrateKeys.id, keyId), eq(runcrateKeys.userId, userId)))
      .returning({ isActive: runcrateKeys.isActive });
    if (!removed) return { ok: false };
    if (removed.isActive) {
      const [next] = await tx
        .select({ id: runcrateKeys.id })
        .from(runcrateKeys)
        .where(eq(runcrateKeys.userId, userId))
        .orderBy(desc(runcrateKeys.updatedAt))
        .limit(1);
      if (next) await tx.update(runcrateKeys).set({ isActive: true }).where(eq(runcrateKeys.id, next.id));
    }
    return { ok: true };
  });
}

export async function getKeySummary(db: Db, userId: string, keyId: string): Promise<KeySummary | null> {
  if (!isUuid(keyId)) return null;
  const [row] = await db
    .select(summaryColumns)
    .from(runcrateKeys)
    .where(and(eq(runcrateKeys.id, keyId), eq(runcrateKeys.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * The user's active key, decrypted. Server-only and short-lived: the caller hands `apiKey` straight to the Runcrate
 * client and never returns, renders or logs it. A row in an older format, or sealed with the previous secret, is
 * re-sealed with the current one on the way (only if nobody changed it meanwhile).
 */
export async function getActiveKeySecret(
  db: Db,
  userId: string,
  ring: KeyRing,
): Promise<{ key: KeySummary; apiKey: string } | null> {
  const [row] = await db
    .select()
    .from(runcrateKeys)
    .where(and(eq(runcrateKeys.userId, userId), eq(runcrateKeys.isActive, true)))
    .limit(1);
  if (!row) return null;
  const { apiKey, stale } = openKey(ring, row);
  if (stale) await resealRow(db, ring, row, apiKey);
  const { id, label, environment, last4, isActive, createdAt, updatedAt } = row;
  return { key: { id, label, environment, last4, isActive, createdAt, updatedAt }, apiKey };
}

type KeyRow = typeof runcrateKeys.$inferSelect;

async function resealRow(db: Db, ring: KeyRing, row: KeyRow, apiKey: string): Promise<boolean> {
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
 * A stored key by id, decrypted — for the guardian only, right before its one call; never returned further, logged
 * or rendered. Null when the key was deleted.
 */
export async function keySecretById(
  db: Db,
  keyId: string,
  ring: KeyRing,
): Promise<{ id: string; label: string; environment: string | null; apiKey: string } | null> {
  const [row] = await db.select().from(runcrateKeys).where(eq(runcrateKeys.id, keyId)).limit(1);
  if (!row) return null;
  // Opened for the guardian's one call; a stale row is re-sealed when its owner next uses it, not here.
  const { apiKey } = openKey(ring, row);
  return { id: row.id, label: row.label, environment: row.environment, apiKey };
}
