"use server";

import { revalidatePath } from "next/cache";
import { ActionError, userAction } from "@/lib/handlers/safe-action";
import { addKeySchema, keyRefSchema, replaceKeySchema } from "@/lib/keys/schemas";
import { invalidateUserContext } from "@/lib/keys/server/context-cache";
import { keyView } from "@/lib/keys/server/key-views";
import { verifyRuncrateKey } from "@/lib/keys/server/verify-key";
import { keyRing } from "@/lib/server/crypto/key-ring";
import { getDb } from "@/lib/server/db/client";
import { activateKey, addKey, deleteKey, getKeySummary, replaceKey } from "@/lib/keys/server/runcrate-keys";

const NOT_FOUND = "That key no longer exists. Reload the page.";

async function checkKey(apiKey: string, environment: string | null): Promise<void> {
  const refused = await verifyRuncrateKey(apiKey, environment);
  if (refused) throw new ActionError(refused.message, refused.kind, refused.fieldErrors);
}

// Every page shows the active key's label in the header.
const refresh = () => revalidatePath("/", "layout");

// Each action below drops the user's memoised context (lib/keys/server/context-cache.ts) straight after its write, whatever
// the outcome: this process's next read then sees the new state, never a removed or switched-away key.

/** Checks the key against Runcrate (GET /billing/balance), then stores it encrypted. */
export const addKeyAction = userAction(addKeySchema, async function addKeyAction(input, { user }) {
  const db = await getDb();
  await checkKey(input.apiKey, input.environment);
  const result = await addKey(db, user.id, input, keyRing());
  invalidateUserContext(user.id);
  if (!result.ok) {
    throw new ActionError("You already have a key with this label.", "conflict", {
      label: "You already have a key with this label. Pick another, or replace that key instead.",
    });
  }
  refresh();
  return keyView(result.key);
});

/** Re-enters the key behind a label (checked first, like a new one). */
export const replaceKeyAction = userAction(
  replaceKeySchema,
  async function replaceKeyAction(input, { user }) {
    const db = await getDb();
    if (!(await getKeySummary(db, user.id, input.id))) throw new ActionError(NOT_FOUND, "not_found");
    await checkKey(input.apiKey, input.environment);
    const result = await replaceKey(db, user.id, input.id, input, keyRing());
    invalidateUserContext(user.id);
    if (!result.ok) throw new ActionError(NOT_FOUND, "not_found");
    refresh();
    return keyView(result.key);
  },
);

export const activateKeyAction = userAction(keyRefSchema, async function activateKeyAction({ id }, { user }) {
  const result = await activateKey(await getDb(), user.id, id);
  invalidateUserContext(user.id);
  if (!result.ok) throw new ActionError(NOT_FOUND, "not_found");
  refresh();
  return keyView(result.key);
});

export const deleteKeyAction = userAction(keyRefSchema, async function deleteKeyAction({ id }, { user }) {
  const result = await deleteKey(await getDb(), user.id, id);
  invalidateUserContext(user.id);
  if (!result.ok) throw new ActionError(NOT_FOUND, "not_found");
  refresh();
  return null;
});
