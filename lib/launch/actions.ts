"use server";

import { runcrateAction } from "@/lib/keys/server/runcrate-action";
import { addSshKeyInputSchema } from "@/lib/launch/ssh-key";
import { launchInputSchema } from "@/lib/launch/launch-input";
import { launchFor } from "@/lib/launch/server/launch";

/** Launch one cluster (lib/launch/server/launch.ts): whoever may launch in the team, with the team's key. */
export const launchCluster = runcrateAction(launchInputSchema, async (input, ctx) => {
  await ctx.allow("launch");
  return launchFor(ctx, input);
});

// POST /ssh-keys — the key is checked with sshPublicKeySchema before it leaves the server.
export const addSshKey = runcrateAction(addSshKeyInputSchema, async (input, { allow, client }) => {
  // Part of launching: whoever may launch may add the key to launch with.
  await allow("launch");
  const key = await client.addSshKey(input);
  return { id: key.id, name: key.name, fingerprint: key.fingerprint ?? null, type: key.type ?? null };
});
