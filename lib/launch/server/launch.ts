import "server-only";
import { refresh } from "next/cache";
import { ActionError, fieldErrorsOf } from "@/lib/server/action-error";
import { recordAudit } from "@/lib/audit/server/audit";
import { getDb } from "@/lib/server/db/client";
import { guardLaunchedCluster, maxTimeLimitMinutes } from "@/lib/limits/server/worker";
import { checkLimits } from "@/lib/limits/input";
import { saveLaunchRecord } from "@/lib/launch/server/launch-records";
import { log } from "@/lib/server/log";
import { toCreateBody } from "@/lib/launch/form";
import { buildCreateClusterSchema } from "@/lib/launch/schema";
import type { LaunchInput } from "@/lib/launch/launch-input";
import { isRuncrateError, type RuncrateError } from "@/lib/runcrate/server/errors";
import type { RuncrateClient } from "@/lib/runcrate/server/client";
import { priceChange, stockShortfall } from "@/lib/launch/offer-check";
import { MAX_NODES, MIN_NODES, type CreateClusterBody } from "@/lib/runcrate/schemas";
import { errorSummary } from "@/lib/server/db/errors";
import { requestLog } from "@/lib/server/request-log";
import { enforceGuardrails, outsidePolicy } from "@/lib/policies/server/guardrails";
import { releaseHold, settleHold } from "@/lib/policies/server/launch-holds";
import type { PolicyBreach } from "@/lib/policies/policy";
import { clusterHourlyRate } from "@/lib/spend/estimate";
import { isCommunity } from "@/lib/offers/offer-rules";

/** Who launches, in which team, with which key: the person's own launch, or the one an admin approved for them. */
export type LaunchContext = {
  user: { id: string };
  team: { teamId: string };
  key: { id: string; label: string; environment: string | null };
  client: RuncrateClient;
};

/**
 * A launch checked before anything is done: GET /clusters/offers for the offer as it is now (its price as the form
 * showed it, and its free machines where Runcrate says), the values validated with the same schema the form used,
 * the limits against the operator's ceiling. Throws what the person is told.
 */
export async function prepareLaunch({ client }: LaunchContext, input: LaunchInput) {
  const asked = input.values.node_count;
  // Priced for the count asked for, where the API prices whole clusters (`hourly_rate`).
  const nodes = Number.isInteger(asked) && asked >= MIN_NODES && asked <= MAX_NODES ? asked : undefined;
  const offers = (await client.listOffers({ includeCommunity: true, nodes })).items;
  const offer = offers.find((o) => o.id === input.offerId);
  if (!offer) {
    throw new ActionError(
      "This offer is no longer listed — it may have been taken. Pick another offer.",
      "not_found",
      {
        offer_id: "This offer is no longer listed.",
      },
    );
  }
  // The offer may have changed since the form was built from it (counts, stacks, volume support).
  const checked = buildCreateClusterSchema(offer).safeParse(input.values);
  if (!checked.success) {
    const fieldErrors = fieldErrorsOf(checked.error);
    throw new ActionError(
      Object.values(fieldErrors)[0] ?? "Check the highlighted fields.",
      "invalid-input",
      fieldErrors,
    );
  }
  const values = checked.data;
  const moved = priceChange(input.seen, offer, values.node_count);
  if (moved) {
    // The form was built from the old offer: the page arrives again with this answer, showing it as it is now.
    refresh();
    throw new ActionError(moved, "changed");
  }
  const short = stockShortfall(offer, values.node_count);
  if (short) throw new ActionError(short, "conflict", { node_count: short });
  const limits = launchLimits(input.limits);
  const hourlyRate = offer.hourly_rate ?? clusterHourlyRate(offer.hourly_rate_per_node, values.node_count);
  const timeLimitMinutes = limits?.timeLimitMinutes ?? null;
  return {
    offer,
    values,
    limits,
    hourlyRate,
    // What the team's policy and budgets judge: the offer's GPU type and hosts, the node count, the cluster's rate,
    // its time limit; and what it adds to the team's running clusters and holds of its budgets.
    guardrails: {
      case: {
        gpuType: offer.gpu_type,
        deploymentType: offer.deployment_type,
        community: isCommunity(offer),
        nodes: values.node_count,
        hourlyRate,
        timeLimitMinutes,
      },
      change: {
        adds: { clusters: 1, hourlyRate },
        reserve: { rate: hourlyRate, timeLimitMinutes },
      },
    },
  };
}

/**
 * Launch one cluster: the launch checked (`prepareLaunch`), the team's policy and budgets kept (but the rules an
 * approval waived), then POST /clusters with the launch's Idempotency-Key (one per launch intent, so a retry or
 * double click returns the same cluster instead of a second one).
 */
export async function launchFor(
  ctx: LaunchContext,
  input: LaunchInput,
  waive: ReadonlySet<PolicyBreach["rule"]> = new Set(),
) {
  const { user, team, key, client } = ctx;
  const { offer, values, limits, hourlyRate, guardrails } = await prepareLaunch(ctx, input);
  // Under a lock on the team, this launch holds its place among its running clusters and in its budgets until
  // Runcrate answers.
  const db = await getDb();
  const hold = await enforceGuardrails(
    db,
    { teamId: team.teamId, userId: user.id },
    guardrails.case,
    outsidePolicy,
    {
      ...guardrails.change,
      hold: {
        idempotencyKey: input.idempotencyKey,
        hourlyRate,
        timeLimitMinutes: limits?.timeLimitMinutes ?? null,
      },
    },
    waive,
  );
  const body = toCreateBody(offer, values);
  const { cluster, replayed } = await client
    .createCluster(body, { idempotencyKey: input.idempotencyKey })
    .catch(async (e: unknown) => {
      // A refusal frees the place; a timeout or a 5xx may have made the cluster, so its hold lapses by itself.
      if (hold && isRuncrateError(e) && REFUSED.has(e.kind))
        await releaseHold(db, hold).catch(() => undefined);
      throw isRuncrateError(e) ? onField(e, body) : e;
    });
  try {
    await recordAudit({
      userId: user.id,
      teamId: team.teamId,
      action: "launch",
      clusterId: cluster.id,
      clusterName: cluster.name,
      keyLabel: key.label,
      detail: `${body.node_count} × ${offer.gpus_per_node} ${offer.gpu_type} (${offer.id}), stack ${body.stack ?? "none"}${replayed ? ", idempotent replay" : ""}`,
    });
  } catch (e) {
    // The cluster exists; failing the launch now would only invite a retry. Log without values.
    (await requestLog("launch")).error(
      { clusterId: cluster.id, err: errorSummary(e) },
      "launch: audit entry not recorded",
    );
  }
  // What "Launch again" fills the form with (the API's cluster object does not say which SSH keys it got).
  await saveLaunchRecord(db, {
    userId: user.id,
    teamId: team.teamId,
    clusterId: cluster.id,
    clusterName: cluster.name,
    offerId: offer.id,
    values: { ...values },
  }).catch((e: unknown) =>
    log.warn({ err: e instanceof Error ? e.name : typeof e }, "launch: record not saved"),
  );
  // The guardian follows the cluster (spend record) and enforces its limits from now on, with no page open.
  let guarded = false;
  try {
    guarded = await guardLaunchedCluster(
      db,
      { userId: user.id, keyId: key.id, environment: key.environment, cluster },
      limits,
    );
  } catch (e) {
    (await requestLog("launch")).error(
      { clusterId: cluster.id, err: errorSummary(e) },
      "launch: guard not scheduled",
    );
  }
  // Only now does the hold stop counting as a launch in flight: the cluster counts as running from here on (at the
  // held rate until the guardian bills it), never neither.
  if (hold)
    await settleHold(db, hold, cluster.id).catch((e: unknown) =>
      log.warn({ err: errorSummary(e) }, "launch: hold not settled (it lapses by itself)"),
    );
  return { id: cluster.id, name: cluster.name, replayed, guarded };
}

/** The limits typed into the form, checked against the operator's ceiling before anything is created. */
function launchLimits(t: { timeLimit: string; budgetLimit: string } | undefined) {
  const c = checkLimits(t ?? { timeLimit: "", budgetLimit: "" }, maxTimeLimitMinutes());
  if (!c.ok)
    throw new ActionError(Object.values(c.errors)[0] ?? "Check the limits.", "invalid-input", c.errors);
  return c.limits;
}

/** Answers after which Runcrate made no cluster. */
const REFUSED = new Set<RuncrateError["kind"]>([
  "bad_request",
  "unauthorized",
  "insufficient_credits",
  "forbidden",
  "not_found",
  "conflict",
  "validation",
  "rate_limited",
]);

const FIELD_GONE: Record<string, string> = {
  ssh_key_ids: "A picked SSH key no longer exists in this workspace; untick it or reload the list.",
  storage_id: "That volume no longer exists in this environment; pick another or none.",
  offer_id: "This offer is no longer listed.",
};

/**
 * 404 and 409 answers name the field they are about in `details.field` (the client only turns 422 details into
 * field errors); carry it to the form so the message lands on the right control.
 */
function onField(e: RuncrateError, body: CreateClusterBody): Error {
  const field = typeof e.details?.field === "string" ? e.details.field : null;
  if (!field || (e.kind !== "not_found" && e.kind !== "conflict")) return e;
  const gone = e.kind === "not_found" ? FIELD_GONE[field] : undefined;
  const message =
    gone ??
    (field === "offer_id" ? `This offer can't take ${body.node_count} nodes right now.` : e.userMessage);
  return new ActionError(e.kind === "conflict" ? e.userMessage : (gone ?? e.userMessage), e.kind, {
    [field]: message,
  });
}
