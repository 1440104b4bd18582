import "server-only";
import { getDb } from "@/lib/server/db/client";
import { getActiveKeySecret } from "@/lib/keys/server/runcrate-keys";
import { DecryptionError } from "@/lib/server/crypto/aes-gcm";
import { keyRing } from "@/lib/server/crypto/key-ring";
import { createRuncrateClient, type RuncrateClient } from "@/lib/runcrate/server/client";
import { cachedForUser } from "./context-cache";
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
  | { state: "no-key"; user: SessionUser }
  | { state: "ready"; user: SessionUser; key: ActiveKey; client: RuncrateClient };

/**
 * The one server-side way in for reads (pages, GET route handlers): the signed-in user and a Runcrate client bound
 * to their active key. A route handler passes its request, whose Cookie header is read directly. The decrypted key exists only inside the client, in server memory; `key` here is the label
 * and last 4 characters.
 *
 * The account and key lookup is memoised per user for a few seconds (lib/keys/server/context-cache.ts) and dropped at once
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

/** Resolves the active key straight from the database (no memo): what mutations use. */
export async function contextForUser(user: SessionUser): Promise<RuncrateContext> {
  let active: Awaited<ReturnType<typeof getActiveKeySecret>>;
  try {
    active = await getActiveKeySecret(await getDb(), user.id, keyRing());
  } catch (err) {
    if (!(err instanceof DecryptionError)) throw err;
    // The secret changed (or the row was altered): the key is unusable, not a reason to crash every page.
    // The user re-enters it in Settings (Replace); operators see why here.
    (await requestLog("keys")).error(
      { userId: user.id },
      "the active key cannot be decrypted — was CLUSTERDECK_ENCRYPTION_KEY changed? It must be re-entered.",
    );
    return { state: "no-key", user };
  }
  if (!active) return { state: "no-key", user };
  const { id, label, environment, last4 } = active.key;
  const client = createRuncrateClient({ apiKey: active.apiKey, environment });
  return { state: "ready", user, key: { id, label, environment, last4 }, client };
}
