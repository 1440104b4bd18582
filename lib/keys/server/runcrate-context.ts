import "server-only";
import { getDb } from "@/lib/server/db/client";
import { teamKeySecret } from "@/lib/keys/server/runcrate-keys";
import { activeTeam, type TeamMembership } from "@/lib/teams/server/teams-store";
import { DecryptionError } from "@/lib/server/crypto/aes-gcm";
import { keyRing } from "@/lib/server/crypto/key-ring";
import { createRuncrateClient, type RuncrateClient } from "@/lib/runcrate/server/client";
import { cachedForUser } from "@/lib/server/user-context-cache";
import {
  loadSessionUser,
  requestSessionUserId,
  sessionUserId,
  type SessionUser,
} from "@/lib/accounts/server/session";
import { requestLog } from "@/lib/server/request-log";

export type ActiveKey = { id: string; label: string; environment: string | null; last4: string };

export type RuncrateContext =
  | { state: "signed-out" }
  | { state: "no-key"; user: SessionUser; team: TeamMembership }
  | { state: "ready"; user: SessionUser; team: TeamMembership; key: ActiveKey; client: RuncrateClient };

/**
 * The one server-side way in for reads (pages, GET route handlers): the signed-in user and a Runcrate client bound
 * to their active key. A route handler passes its request, whose Cookie header is read directly. The decrypted key exists only inside the client, in server memory; `key` here is the label
 * and last 4 characters.
 *
 * The account and key lookup is memoised per user for a few seconds (lib/server/user-context-cache.ts) and dropped at once
 * by every key change and sign-out in this process. Mutations must not use this: server actions resolve the user
 * and key fresh (userAction/runcrateAction call getSessionUser and contextForUser directly).
 */
export async function getRuncrateContext(req?: Request): Promise<RuncrateContext> {
  const id = await (req ? requestSessionUserId(req) : sessionUserId());
  if (!id) return { state: "signed-out" };
  return cachedForUser(id, async (): Promise<RuncrateContext> => {
    const user = await loadSessionUser(id);
    return user ? contextForUser(user) : { state: "signed-out" };
  });
}

/**
 * Resolves the active key straight from the database (no memo): what mutations use. The key is the active one of the
 * team the person works in (the header's switcher; their personal team unless they chose another), with their role in
 * that team beside it. In a shared team that is the team's key, which the person uses and never sees.
 */
export async function contextForUser(user: SessionUser): Promise<RuncrateContext> {
  const db = await getDb();
  const team = await activeTeam(db, user.id);
  let active: Awaited<ReturnType<typeof teamKeySecret>>;
  try {
    active = await teamKeySecret(db, team.teamId, keyRing());
  } catch (err) {
    if (!(err instanceof DecryptionError)) throw err;
    // The secret changed (or the row was altered): the key is unusable, not a reason to crash every page.
    // The user re-enters it in Settings (Replace); operators see why here.
    (await requestLog("keys")).error(
      { userId: user.id, teamId: team.teamId },
      "the active key cannot be decrypted — was CLUSTERDECK_ENCRYPTION_KEY changed? It must be re-entered.",
    );
    return { state: "no-key", user, team };
  }
  if (!active) return { state: "no-key", user, team };
  const { id, label, environment, last4 } = active.key;
  const client = createRuncrateClient({ apiKey: active.apiKey, environment });
  return { state: "ready", user, team, key: { id, label, environment, last4 }, client };
}
