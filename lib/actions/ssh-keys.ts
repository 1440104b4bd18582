"use server";

import { runcrateAction } from "@/lib/actions/safe-action";
import { addSshKeyInputSchema } from "@/lib/launch/ssh-key";

// POST /ssh-keys — the key is checked with sshPublicKeySchema before it leaves the server.
export const addSshKey = runcrateAction(addSshKeyInputSchema, async (input, { client }) => {
  const key = await client.addSshKey(input);
  return { id: key.id, name: key.name, fingerprint: key.fingerprint ?? null, type: key.type ?? null };
});
