"use server";

import { revalidatePath } from "next/cache";
import { ActionError, userAction } from "@/lib/actions/safe-action";
import { addKeySchema, keyRefSchema, replaceKeySchema } from "@/lib/auth/key-schemas";
import { invalidateUserContext } from "@/lib/auth/context-cache";
import { verifyRuncrateKey } from "@/lib/auth/verify-key";
import { currentKeySecret } from "@/lib/crypto/key-ring";
import { getDb } from "@/lib/db/client";
import {
  activateKey,
  addKey,
  deleteKey,
  getKeySummary,
  replaceKey,
  type KeySummary,
} from "@/lib/db/runcrate-keys";

/** What the browser gets back about a key: label, environment, last 4 — nothing that could rebuild it. */
export type KeyView = {
  id: string;
  label: string;
  environment: string | null;
  last4: string;
  isActive: boolean;
  updatedAt: string;
};

function view(k: KeySummary): KeyView {
  return {
    id: k.id,
    label: k.label,
    environment: k.environment,
    last4: k.last4,
    isActive: k.isActive,
    updatedAt: k.updatedAt.toISOString(),
  };
}

const NOT_FOUND = "That key no longer exists. Reload the page.";

// Every page shows the active key's label in the header.
const refresh = () => revalidatePath("/", "layout");

// Each action below drops the user's memoised context (lib/auth/context-cache.ts) straight after its write, whatever
// the outcome: this process's next read then sees the new state, never a removed or switched-away key.

/** Checks the key against Runcrate (GET /billing/balance), then stores it encrypted. */
export const addKeyAction = userAction(addKeySchema, async function addKeyAction(input, { user }) {
  const db = await getDb();
  await verifyRuncrateKey(input.apiKey, input.environment);
  const result = await addKey(db, user.id, input, currentKeySecret());
  invalidateUserContext(user.id);
  if (!result.ok) {
    throw new ActionError("You already have a key with this label.", "conflict", {
      label: "You already have a key with this label. Pick another, or replace that key instead.",
    });
  }
  refresh();
  return view(result.key);
});

/** Re-enters the key behind a label (checked first, like a new one). */
export const replaceKeyAction = userAction(
  replaceKeySchema,
  async function replaceKeyAction(input, { user }) {
    const db = await getDb();
    if (!(await getKeySummary(db, user.id, input.id))) throw new ActionError(NOT_FOUND, "not_found");
    await verifyRuncrateKey(input.apiKey, input.environment);
    const result = await replaceKey(db, user.id, input.id, input, currentKeySecret());
    invalidateUserContext(user.id);
    if (!result.ok) throw new ActionError(NOT_FOUND, "not_found");
    refresh();
    return view(result.key);
  },
);

export const activateKeyAction = userAction(keyRefSchema, async function activateKeyAction({ id }, { user }) {
  const result = await activateKey(await getDb(), user.id, id);
  invalidateUserContext(user.id);
  if (!result.ok) throw new ActionError(NOT_FOUND, "not_found");
  refresh();
  return view(result.key);
});

export const deleteKeyAction = userAction(keyRefSchema, async function deleteKeyAction({ id }, { user }) {
  const result = await deleteKey(await getDb(), user.id, id);
  invalidateUserContext(user.id);
  if (!result.ok) throw new ActionError(NOT_FOUND, "not_found");
  refresh();
  return null;
});
