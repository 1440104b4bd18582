"use server";

import { runcrateAction } from "@/lib/actions/safe-action";
import { addSshKeyBodySchema } from "@/lib/runcrate/schemas";

// POST /ssh-keys — the key is checked with sshPublicKeySchema before it leaves the server.
export const addSshKey = runcrateAction(addSshKeyBodySchema, async (input, { client }) => {
  const key = await client.addSshKey(input);
  return { id: key.id, name: key.name, fingerprint: key.fingerprint ?? null, type: key.type ?? null };
});
