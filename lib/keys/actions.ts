"use server";

import { revalidatePath } from "next/cache";
import { ActionError } from "@/lib/server/action-error";
import { userAction } from "@/lib/accounts/server/user-action";
import { recordAudit } from "@/lib/audit/server/audit";
import type { AuditAction } from "@/lib/vocabulary/audit-actions";
import { addKeySchema, keyRefSchema, replaceKeySchema } from "@/lib/keys/schemas";
import { clearContextCache, invalidateUserContext } from "@/lib/server/user-context-cache";
import { keyView } from "@/lib/keys/server/key-views";
import { verifyRuncrateKey } from "@/lib/keys/server/verify-key";
import { keyRing } from "@/lib/server/crypto/key-ring";
import { getDb, type Db } from "@/lib/server/db/client";
import {
  activateTeamKey,
  addTeamKey,
  deleteTeamKey,
  getTeamKeySummary,
  replaceTeamKey,
  type KeySummary,
} from "@/lib/keys/server/runcrate-keys";
import { decide } from "@/lib/teams/permissions";
import { chooseTeam, membershipOf, personalTeam, type TeamMembership } from "@/lib/teams/server/teams-store";
import type { SessionUser } from "@/lib/accounts/server/session";

/**
 * Runcrate keys: a person's own (their personal team's, when no team is named) and a shared team's, which only its
 * admins and owners manage (lib/teams/permissions.ts) and every change to which is audited.
 */

const NOT_FOUND = "That key no longer exists. Reload the page.";
const NO_TEAM = "That team no longer exists, or you are no longer in it. Reload the page.";

async function checkKey(apiKey: string, environment: string | null): Promise<void> {
  const refused = await verifyRuncrateKey(apiKey, environment);
  if (refused) throw new ActionError(refused.message, refused.kind, refused.fieldErrors);
}

/** The team whose keys are asked for, once the person may manage them; refuses with the reason otherwise. */
async function keysOf(db: Db, user: SessionUser, teamId: string | undefined): Promise<TeamMembership> {
  const team = teamId ? await membershipOf(db, teamId, user.id) : await personalTeam(db, user.id);
  if (!team) throw new ActionError(NO_TEAM, "not_found");
  const decision = decide(team.role, "keys");
  if (!decision.allowed) throw new ActionError(decision.message, "forbidden");
  return team;
}

/**
 * After a write: every page shows the active key's label in the header, so the layout is read again, and the memoised
 * contexts (lib/server/user-context-cache.ts) that may hold the old key are dropped — the person's own, or, for a
 * shared team's key, everyone's in this process — so the next read sees the new state, never a removed key.
 */
async function afterWrite(
  team: TeamMembership,
  user: SessionUser,
  audit: { action: AuditAction; key: Pick<KeySummary, "label" | "environment">; detail?: string } | null,
) {
  if (team.personal) invalidateUserContext(user.id);
  else clearContextCache();
  revalidatePath("/", "layout");
  if (audit && !team.personal) {
    const where = audit.key.environment ? ` (${audit.key.environment})` : "";
    await recordAudit({
      userId: user.id,
      teamId: team.teamId,
      action: audit.action,
      clusterId: null,
      clusterName: null,
      keyLabel: audit.key.label,
      detail: `team ${team.name}${where}${audit.detail ? ` · ${audit.detail}` : ""}`,
    });
  }
}

/** Checks the key against Runcrate (GET /billing/balance), then stores it encrypted. */
export const addKeyAction = userAction(addKeySchema, async function addKeyAction(input, { user }) {
  const db = await getDb();
  const team = await keysOf(db, user, input.teamId);
  await checkKey(input.apiKey, input.environment);
  const result = await addTeamKey(
    db,
    { teamId: team.teamId, userId: user.id, onePerEnvironment: !team.personal },
    input,
    keyRing(),
  );
  if (!result.ok) {
    if (result.reason === "environment_taken") {
      const where = input.environment ? `the environment ${input.environment}` : "the default environment";
      throw new ActionError(`The team already has a key for ${where}.`, "conflict", {
        environment: `The team already has a key for ${where}. Replace that key instead.`,
      });
    }
    const who = team.personal ? "You already have" : "The team already has";
    throw new ActionError(`${who} a key with this label.`, "conflict", {
      label: `${who} a key with this label. Pick another, or replace that key instead.`,
    });
  }
  await afterWrite(team, user, { action: "key-added", key: result.key });
  return keyView(result.key);
});

/** Re-enters the key behind a label (checked first, like a new one). */
export const replaceKeyAction = userAction(
  replaceKeySchema,
  async function replaceKeyAction(input, { user }) {
    const db = await getDb();
    const team = await keysOf(db, user, input.teamId);
    if (!(await getTeamKeySummary(db, team.teamId, input.id))) throw new ActionError(NOT_FOUND, "not_found");
    await checkKey(input.apiKey, input.environment);
    const result = await replaceTeamKey(
      db,
      { teamId: team.teamId, userId: user.id },
      input.id,
      input,
      keyRing(),
    );
    if (!result.ok) throw new ActionError(NOT_FOUND, "not_found");
    await afterWrite(team, user, { action: "key-rotated", key: result.key });
    return keyView(result.key);
  },
);

export const activateKeyAction = userAction(keyRefSchema, async function activateKeyAction(input, { user }) {
  const db = await getDb();
  const team = await keysOf(db, user, input.teamId);
  const result = await activateTeamKey(db, team.teamId, input.id);
  if (!result.ok) throw new ActionError(NOT_FOUND, "not_found");
  // "Use this key" from someone working in a shared team: they work with their own keys again.
  if (team.personal) await chooseTeam(db, user.id, team.teamId);
  await afterWrite(team, user, { action: "key-activated", key: result.key });
  return keyView(result.key);
});

export const deleteKeyAction = userAction(keyRefSchema, async function deleteKeyAction(input, { user }) {
  const db = await getDb();
  const team = await keysOf(db, user, input.teamId);
  const key = await getTeamKeySummary(db, team.teamId, input.id);
  if (!key || !(await deleteTeamKey(db, team.teamId, input.id)).ok)
    throw new ActionError(NOT_FOUND, "not_found");
  await afterWrite(team, user, { action: "key-removed", key });
  return null;
});
