"use client";

import { toast } from "sonner";
import { activateKeyAction } from "@/lib/keys/actions";
import type { KeyView } from "@/lib/keys/key-view";
import { useActionMutation } from "@/lib/query/mutation";
import { useKeyTeam } from "./key-team";

/**
 * Making a key active, wherever it is done (the header's switcher, Settings → Keys). Everything cached was read with
 * the other key, so every query is read again; the server-rendered pages refresh by the action's revalidation.
 */
export function useActivateKey(said: (key: KeyView) => string) {
  const teamId = useKeyTeam();
  return useActionMutation((key: KeyView) => activateKeyAction({ teamId, id: key.id }), {
    resetsAll: true,
    onSuccess: (_, key) => toast.success(said(key)),
    onError: (failure) => toast.error(failure.message),
  });
}
