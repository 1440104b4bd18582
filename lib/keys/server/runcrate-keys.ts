import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, ne } from "drizzle-orm";
import { openKey, sealKey, type KeyRing } from "@/lib/server/crypto/key-ring";
import type { Db } from "@/lib/server/db/client";
import { isUniqueViolation } from "@/lib/server/db/errors";
import { runcrateKeys, teams } from "@/lib/server/db/schema";
import { isUuid } from "@/lib/text/uuid";
import { findPersonalTeam, personalTeam } from "@/lib/teams/server/teams-store";
import { resealRow } from "./key-secrets";

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

/**
 * Keys belong to teams. Each function below works on one team's keys; the person-level ones after them work on the
 * person's own keys (their personal team), as every page did before teams. Who may do what to a team's keys is the
 * caller's question (lib/teams/permissions.ts): these only keep one team's keys apart from another's.
 */

export async function listTeamKeys(db: Db, teamId: string): Promise<KeySummary[]> {
  return db
    .select(summaryColumns)
    .from(runcrateKeys)
    .where(eq(runcrateKeys.teamId, teamId))
    .orderBy(desc(runcrateKeys.isActive), runcrateKeys.label);
}

export type KeyWriteResult =
  { ok: true; key: KeySummary } | { ok: false; reason: "label_taken" | "not_found" | "environment_taken" };

/**
 * Saves a key in a team, sealed by the person who stores it; the team's first key becomes its active one. A shared
 * team holds one key per environment (`onePerEnvironment`); a person's own team may hold several.
 */
export async function addTeamKey(
  db: Db,
  at: { teamId: string; userId: string; onePerEnvironment?: boolean },
  input: { label: string; environment: string | null; apiKey: string },
  ring: KeyRing,
): Promise<KeyWriteResult> {
  const { teamId, userId } = at;
  // The row's id is chosen here, so the key can be sealed bound to it (key-ring.ts).
  const id = randomUUID();
  const sealed = sealKey(ring, input.apiKey, userId, id);
  const insert = (mayActivate: boolean) =>
    db.transaction(async (tx): Promise<KeyWriteResult> => {
      if (at.onePerEnvironment) {
        // Two admins saving a key for one environment at once: the team row's lock lets one check at a time.
        await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for("update");
        const [same] = await tx
          .select({ id: runcrateKeys.id })
          .from(runcrateKeys)
          .where(and(eq(runcrateKeys.teamId, teamId), sameEnvironment(input.environment)))
          .limit(1);
        if (same) return { ok: false, reason: "environment_taken" };
      }
      const [existingActive] = mayActivate
        ? await tx
            .select({ id: runcrateKeys.id })
            .from(runcrateKeys)
            .where(and(eq(runcrateKeys.teamId, teamId), eq(runcrateKeys.isActive, true)))
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
      return { ok: true, key: row };
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

function sameEnvironment(environment: string | null) {
  return environment === null ? isNull(runcrateKeys.environment) : eq(runcrateKeys.environment, environment);
}

/** The label index, told apart from the one-active index (both are unique violations). */
function isLabelViolation(err: unknown): boolean {
  return (
    isUniqueViolation(err, "runcrate_keys_team_label_unique") &&
    !isUniqueViolation(err, "runcrate_keys_one_active")
  );
}

/** The key `keyId` if it is this team's. */
function ofTeam(teamId: string, keyId: string) {
  return and(eq(runcrateKeys.id, keyId), eq(runcrateKeys.teamId, teamId));
}

/**
 * Re-enters the key behind an existing label (e.g. after rotating it in the Runcrate dashboard), sealed by the person
 * who enters it.
 */
export async function replaceTeamKey(
  db: Db,
  at: { teamId: string; userId: string },
  keyId: string,
  input: { apiKey: string; environment: string | null },
  ring: KeyRing,
): Promise<KeyWriteResult> {
  if (!isUuid(keyId)) return { ok: false, reason: "not_found" };
  const sealed = sealKey(ring, input.apiKey, at.userId, keyId);
  const [row] = await db
    .update(runcrateKeys)
    .set({
      ...sealed,
      userId: at.userId,
      environment: input.environment,
      last4: last4Of(input.apiKey),
      updatedAt: new Date(),
    })
    .where(ofTeam(at.teamId, keyId))
    .returning(summaryColumns);
  return row ? { ok: true, key: row } : { ok: false, reason: "not_found" };
}

/** Makes one of the team's keys its active one. Another team's key id is simply "not found". */
export async function activateTeamKey(db: Db, teamId: string, keyId: string): Promise<KeyWriteResult> {
  if (!isUuid(keyId)) return { ok: false, reason: "not_found" };
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select(summaryColumns)
      .from(runcrateKeys)
      .where(ofTeam(teamId, keyId))
      .for("update");
    if (!target) return { ok: false, reason: "not_found" } as const;
    await tx
      .update(runcrateKeys)
      .set({ isActive: false })
      .where(
        and(eq(runcrateKeys.teamId, teamId), ne(runcrateKeys.id, keyId), eq(runcrateKeys.isActive, true)),
      );
    await tx.update(runcrateKeys).set({ isActive: true }).where(eq(runcrateKeys.id, keyId));
    return { ok: true, key: { ...target, isActive: true } } as const;
  });
}

/** Deletes one of the team's keys; if it was active, the most recently updated remaining key takes over. */
export async function deleteTeamKey(db: Db, teamId: string, keyId: string): Promise<{ ok: boolean }> {
  if (!isUuid(keyId)) return { ok: false };
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(runcrateKeys)
      .where(ofTeam(teamId, keyId))
      .returning({ isActive: runcrateKeys.isActive });
    if (!removed) return { ok: false };
    if (removed.isActive) {
      const [next] = await tx
        .select({ id: runcrateKeys.id })
        .from(runcrateKeys)
        .where(eq(runcrateKeys.teamId, teamId))
        .orderBy(desc(runcrateKeys.updatedAt))
        .limit(1);
      if (next) await tx.update(runcrateKeys).set({ isActive: true }).where(eq(runcrateKeys.id, next.id));
    }
    return { ok: true };
  });
}

export async function getTeamKeySummary(db: Db, teamId: string, keyId: string): Promise<KeySummary | null> {
  if (!isUuid(keyId)) return null;
  const [row] = await db.select(summaryColumns).from(runcrateKeys).where(ofTeam(teamId, keyId)).limit(1);
  return row ?? null;
}

/**
 * The team's active key, decrypted. Server-only and short-lived: the caller hands `apiKey` straight to the Runcrate
 * client and never returns, renders or logs it. A row in an older format, or sealed with the previous secret, is
 * re-sealed with the current one on the way (only if nobody changed it meanwhile).
 */
export async function teamKeySecret(
  db: Db,
  teamId: string,
  ring: KeyRing,
): Promise<{ key: KeySummary; apiKey: string } | null> {
  const [row] = await db
    .select()
    .from(runcrateKeys)
    .where(and(eq(runcrateKeys.teamId, teamId), eq(runcrateKeys.isActive, true)))
    .limit(1);
  if (!row) return null;
  const { apiKey, stale } = openKey(ring, row);
  if (stale) await resealRow(db, ring, row, apiKey);
  const { id, label, environment, last4, isActive, createdAt, updatedAt } = row;
  return { key: { id, label, environment, last4, isActive, createdAt, updatedAt }, apiKey };
}

// A person's own keys: their personal team's. Reads of someone who has none (yet, or any more) find nothing.

async function inOwnTeam<T>(db: Db, userId: string, none: T, fn: (teamId: string) => Promise<T>): Promise<T> {
  const team = await findPersonalTeam(db, userId);
  return team ? fn(team.teamId) : none;
}

const NOT_FOUND = { ok: false, reason: "not_found" } as const;

export async function listKeys(db: Db, userId: string): Promise<KeySummary[]> {
  return inOwnTeam(db, userId, [], (teamId) => listTeamKeys(db, teamId));
}

/** Saves a key for this user, in their personal team (made if need be); their first key becomes the active one. */
export async function addKey(
  db: Db,
  userId: string,
  input: { label: string; environment: string | null; apiKey: string },
  ring: KeyRing,
): Promise<KeyWriteResult> {
  return addTeamKey(db, { teamId: (await personalTeam(db, userId)).teamId, userId }, input, ring);
}

export async function replaceKey(
  db: Db,
  userId: string,
  keyId: string,
  input: { apiKey: string; environment: string | null },
  ring: KeyRing,
): Promise<KeyWriteResult> {
  return inOwnTeam(db, userId, NOT_FOUND, (teamId) =>
    replaceTeamKey(db, { teamId, userId }, keyId, input, ring),
  );
}

export async function activateKey(db: Db, userId: string, keyId: string): Promise<KeyWriteResult> {
  return inOwnTeam(db, userId, NOT_FOUND, (teamId) => activateTeamKey(db, teamId, keyId));
}

export async function deleteKey(db: Db, userId: string, keyId: string): Promise<{ ok: boolean }> {
  return inOwnTeam(db, userId, { ok: false }, (teamId) => deleteTeamKey(db, teamId, keyId));
}

export async function getKeySummary(db: Db, userId: string, keyId: string): Promise<KeySummary | null> {
  return inOwnTeam(db, userId, null, (teamId) => getTeamKeySummary(db, teamId, keyId));
}

/** The user's own active key (their personal team's), decrypted: see teamKeySecret. */
export async function getActiveKeySecret(
  db: Db,
  userId: string,
  ring: KeyRing,
): Promise<{ key: KeySummary; apiKey: string } | null> {
  return inOwnTeam(db, userId, null, (teamId) => teamKeySecret(db, teamId, ring));
}
