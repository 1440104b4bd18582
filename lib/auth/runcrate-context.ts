import "server-only";
import { getDb } from "@/lib/db/client";
import { getActiveKeySecret } from "@/lib/db/runcrate-keys";
import { DecryptionError } from "@/lib/crypto/aes-gcm";
import { keySecretFor } from "@/lib/crypto/key-ring";
import { createRuncrateClient, type RuncrateClient } from "@/lib/runcrate/client";
import { getSessionUser, type SessionUser } from "./session";

export type ActiveKey = { id: string; label: string; environment: string | null; last4: string };

export type RuncrateContext =
  | { state: "signed-out" }
  | { state: "no-key"; user: SessionUser }
  | { state: "ready"; user: SessionUser; key: ActiveKey; client: RuncrateClient };

/**
 * The one server-side way in: the signed-in user and a Runcrate client bound to their active key. The decrypted key
 * exists only inside the client for this request; `key` here is the label and last 4 characters.
 */
export async function getRuncrateContext(): Promise<RuncrateContext> {
  const user = await getSessionUser();
  if (!user) return { state: "signed-out" };
  return contextForUser(user);
}

export async function contextForUser(user: SessionUser): Promise<RuncrateContext> {
  let active: Awaited<ReturnType<typeof getActiveKeySecret>>;
  try {
    active = await getActiveKeySecret(await getDb(), user.id, keySecretFor);
  } catch (err) {
    if (!(err instanceof DecryptionError)) throw err;
    // The secret changed (or the row was altered): the key is unusable, not a reason to crash every page.
    // The user re-enters it in Settings (Replace); operators see why here.
    console.error(
      `[keys] the active key of user ${user.id} cannot be decrypted — was CLUSTERDECK_ENCRYPTION_KEY changed? It must be re-entered.`,
    );
    return { state: "no-key", user };
  }
  if (!active) return { state: "no-key", user };
  const { id, label, environment, last4 } = active.key;
  const client = createRuncrateClient({ apiKey: active.apiKey, environment });
  return { state: "ready", user, key: { id, label, environment, last4 }, client };
}
