"use server";

import { z } from "zod";
import { ActionError } from "@/lib/server/action-error";
import { runcrateAction } from "@/lib/keys/server/runcrate-action";
import { userAction } from "@/lib/accounts/server/user-action";
import { createShare, revokeShare } from "@/lib/share/server/share";
import { clusterIdSchema } from "@/lib/runcrate/cluster-id";
import { SHARE_DEFAULT_HOURS, SHARE_MAX_HOURS } from "@/lib/share/share-links";

/**
 * Read-only share links: create one for a cluster the active key can read, or revoke one of your own.
 * The token is returned once, here, and never again.
 */

const createInput = z.object({
  clusterId: clusterIdSchema,
  hours: z
    .number()
    .int()
    .min(1, "At least one hour.")
    .max(SHARE_MAX_HOURS, "At most 7 days.")
    .default(SHARE_DEFAULT_HOURS),
});

export const createShareLink = runcrateAction(
  createInput,
  async ({ clusterId, hours }, { user, key, client, allow }) => {
    // GET /clusters/{id}: only a cluster of the active key's workspace can be shared (404 otherwise).
    const cluster = await client.getCluster(clusterId);
    await allow("share", { clusterId: cluster.id });
    const link = await createShare(
      { userId: user.id, keyId: key.id },
      { id: String(cluster.id), name: cluster.name },
      hours,
    );
    return { id: link.id, token: link.token, expiresAt: link.expiresAt.toISOString() };
  },
  { throttle: "create-share-link" },
);

const revokeInput = z.object({ id: z.guid("That is not a share link.") });

export const revokeShareLink = userAction(revokeInput, async ({ id }, { user }) => {
  if (!(await revokeShare(user.id, id))) throw new ActionError("No such share link of yours.", "not_found");
  return { id };
});
