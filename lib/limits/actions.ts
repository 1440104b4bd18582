"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { ActionError } from "@/lib/server/action-error";
import { runcrateAction } from "@/lib/keys/server/runcrate-action";
import { userAction } from "@/lib/accounts/server/user-action";
import { clusterIdSchema } from "@/lib/runcrate/cluster-id";
import type { Limits } from "@/lib/spend/ledger";
import { checkLimits, describeLimits } from "@/lib/limits/input";
import { recordAudit } from "@/lib/audit/server/audit";
import { getDb } from "@/lib/server/db/client";
import { getTracked, guardRef, trackCluster } from "@/lib/spend/server/tracked-clusters";
import { setLimitDefaults, setLimits } from "@/lib/limits/server/cluster-limits";
import { maxTimeLimitMinutes, scheduleGuard } from "@/lib/limits/server/worker";
import { processEngine } from "@/lib/server/jobs/process-engine";
import { errorSummary } from "@/lib/server/db/errors";
import { requestLog } from "@/lib/server/request-log";
import { enforceGuardrails, outsidePolicy } from "@/lib/policies/server/guardrails";
import { extendCluster, extendMinutesSchema } from "@/lib/limits/server/extend";
import { checkExtendLink } from "@/lib/limits/server/extend-links";

/**
 * Limits after launch (the cluster page: change, extend, remove — audited) and a user's default limits (Settings).
 * The text is checked by the same rules as the form (lib/limits/input.ts), with the operator's ceiling.
 */

const limitText = z.object({ timeLimit: z.string().max(40), budgetLimit: z.string().max(40) });

function checked(t: z.infer<typeof limitText>, ceiling: number | null): Limits {
  const c = checkLimits(t, ceiling);
  if (!c.ok) {
    throw new ActionError(Object.values(c.errors)[0] ?? "Check the limits.", "invalid-input", c.errors);
  }
  return c.limits;
}

export const setClusterLimits = runcrateAction(
  limitText.extend({ id: clusterIdSchema }),
  async function setClusterLimits(input, { user, team, key, client, allow }) {
    // GET /clusters/{id} with the active key: a foreign or unknown id fails as not found before anything changes.
    const cluster = await client.getCluster(input.id);
    await allow("limits", { clusterId: cluster.id });
    if (cluster.status === "terminated" || cluster.status === "failed") {
      throw new ActionError("This cluster has ended; there is nothing left to limit.", "conflict");
    }
    const limits = checked(input, maxTimeLimitMinutes());
    const db = await getDb();
    await enforceGuardrails(
      db,
      { teamId: team.teamId, userId: user.id },
      { timeLimitMinutes: limits.timeLimitMinutes },
      outsidePolicy,
    );
    const ref = guardRef(key.id, cluster.id);
    const tracked = await getTracked(db, ref);
    // Followed through the key in use — the person's own, or their team's (whoever in the team launched it: the role
    // table above decided who may change its limits). Launched elsewhere (the Runcrate dashboard, another console):
    // start following it with this key, unless the person follows this id through another key of theirs.
    const ours =
      tracked !== null ||
      (await trackCluster(db, {
        clusterId: cluster.id,
        userId: user.id,
        keyId: key.id,
        name: cluster.name,
        environment: key.environment,
        status: cluster.status,
        gpuType: cluster.gpu_type,
        gpusPerNode: cluster.gpus_per_node,
      }));
    if (!ours) {
      throw new ActionError(
        "This cluster's limits are followed through another of your keys. Switch to that key to change them.",
        "conflict",
      );
    }
    const view = await setLimits(db, ref, limits);
    await recordAudit({
      userId: user.id,
      teamId: team.teamId,
      action: "limits",
      clusterId: cluster.id,
      clusterName: cluster.name,
      keyLabel: key.label,
      detail: `limits: ${describeLimits(limits)}`,
    });
    // The guard reads the new limits now. The limits are saved either way: a cluster already followed has its next
    // run queued, which reads them within the interval; one followed from now on has no run until a worker starts,
    // and the answer says it is not guarded yet rather than failing after the change was made.
    const scheduled = await processEngine()
      .then((e) => scheduleGuard(e.boss, ref, 0))
      .then(
        () => true,
        async (e: unknown) => {
          (await requestLog("limits")).error(
            { clusterId: cluster.id, err: errorSummary(e) },
            "limits: guard not scheduled",
          );
          return false;
        },
      );
    // The cluster page's limits line is rendered on the server: it arrives with this answer.
    revalidatePath("/clusters/[id]", "page");
    return {
      timeLimitMinutes: view.timeLimitMinutes,
      budgetLimit: view.budgetLimit,
      state: view.state,
      guarded: scheduled || tracked !== null,
    };
  },
  { throttle: "set-cluster-limits" },
);

/** Extend (the cluster page): its limits grow by `minutes` — its time limit, and its budget by their cost. */
export const extendClusterAction = runcrateAction(
  z.object({
    id: clusterIdSchema,
    minutes: extendMinutesSchema,
  }),
  async function extendClusterAction({ id, minutes }, ctx) {
    const extended = await extendCluster(ctx, id, minutes);
    revalidatePath("/clusters/[id]", "page");
    return extended;
  },
  { throttle: "set-cluster-limits" },
);

/** Extend from a limit warning's signed link: the owner it was sent to, once, before the limit's deadline. */
export const extendByLinkAction = runcrateAction(
  z.object({ token: z.string().min(10).max(600) }),
  async function extendByLinkAction({ token }, ctx) {
    const checked = checkExtendLink(token, ctx.user.id);
    if (!checked.ok) throw new ActionError(checked.message, "forbidden");
    const { link } = checked;
    const extended = await extendCluster(ctx, link.clusterId, link.minutes, link.basis);
    revalidatePath("/clusters/[id]", "page");
    return { ...extended, clusterId: link.clusterId };
  },
  { throttle: "set-cluster-limits" },
);

export const saveLimitDefaults = userAction(limitText, async function saveLimitDefaults(input, { user }) {
  // Defaults only pre-fill the form; the ceiling is checked when a cluster is launched.
  const limits = checked(input, null);
  await setLimitDefaults(await getDb(), user.id, limits);
  return limits;
});
