import "server-only";
import { and, desc, eq, ne } from "drizzle-orm";
import { open, seal } from "@/lib/server/crypto/aes-gcm";
import type { Db } from "./client";
import { isUniqueViolation } from "./errors";
import { runcrateKeys } from "./schema";
import { isUuid } from "./users";

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

export type Secret = { secret: Buffer; version: number };

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

/** Saves a key for this user; the first key a user saves becomes the active one. */
export async function addKey(
  db: Db,
  userId: string,
  input: { label: string; environment: string | null; apiKey: string },
  { secret, version }: Secret,
): Promise<KeyWriteResult> {
  const sealed = seal(input.apiKey, secret, version);
  try {
    return await db.transaction(async (tx) => {
      const [existingActive] = await tx
        .select({ id: runcrateKeys.id })
        .from(runcrateKeys)
        .where(and(eq(runcrateKeys.userId, userId), eq(runcrateKeys.isActive, true)))
        .limit(1);
      const [row] = await tx
        .insert(runcrateKeys)
        .values({
          userId,
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
  } catch (err) {
    // Label taken → friendly; a concurrent "first key" race on the one-active index → retry once as inactive.
    if (
      isUniqueViolation(err, "runcrate_keys_user_label_unique") &&
      !isUniqueViolation(err, "runcrate_keys_one_active")
    ) {
      return { ok: false, reason: "label_taken" };
    }
    throw err;
  }
}

/** Re-enters the key behind an existing label (e.g. after rotating it in the Runcrate dashboard). */
export async function replaceKey(
  db: Db,
  userId: string,
  keyId: string,
  input: { apiKey: string; environment: string | null },
  { secret, version }: Secret,
): Promise<KeyWriteResult> {
  if (!isUuid(keyId)) return { ok: false, reason: "not_found" };
  const sealed = seal(input.apiKey, secret, version);
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
 * client and never returns, renders or logs it.
 */
export async function getActiveKeySecret(
  db: Db,
  userId: string,
  secretFor: (version: number) => Buffer,
): Promise<{ key: KeySummary; apiKey: string } | null> {
  const [row] = await db
    .select()
    .from(runcrateKeys)
    .where(and(eq(runcrateKeys.userId, userId), eq(runcrateKeys.isActive, true)))
    .limit(1);
  if (!row) return null;
  const apiKey = open(row, secretFor(row.keyVersion));
  const { id, label, environment, last4, isActive, createdAt, updatedAt } = row;
  return { key: { id, label, environment, last4, isActive, createdAt, updatedAt }, apiKey };
}
