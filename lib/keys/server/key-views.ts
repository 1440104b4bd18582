import "server-only";
import { cache } from "react";
import type { KeyView } from "@/lib/keys/key-view";
import { getDb } from "@/lib/server/db/client";
import { listKeys, type KeySummary } from "@/lib/keys/server/runcrate-keys";

/** The browser's view of a key: the summary carries no ciphertext, and this drops everything else it need not see. */
export function keyView(k: KeySummary): KeyView {
  return {
    id: k.id,
    label: k.label,
    environment: k.environment,
    last4: k.last4,
    isActive: k.isActive,
    updatedAt: k.updatedAt.toISOString(),
  };
}

/** Every key of a user, as the header's switcher and the settings pages show them; read once per request. */
export const listKeyViews = cache(async (userId: string): Promise<KeyView[]> => {
  return (await listKeys(await getDb(), userId)).map(keyView);
});
