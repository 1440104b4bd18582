import "server-only";
import { ActionError } from "@/lib/server/action-error";
import { recordAudit } from "@/lib/audit/server/audit";
import { getDb, type Db } from "@/lib/server/db/client";
import { env } from "@/lib/server/env";
import { keyRing } from "@/lib/server/crypto/key-ring";
import { formatHourly } from "@/lib/format/money";
import { formatMinutes } from "@/lib/format/duration";
import { tell } from "@/lib/notifications/server/observe";
import { decide } from "@/lib/teams/permissions";
import { membersOf } from "@/lib/teams/server/teams-store";
import { guardrailBreaches, type GuardedChange } from "@/lib/policies/server/guardrails";
import type { PolicyCase } from "@/lib/policies/policy";
import { prepareLaunch, type LaunchContext } from "@/lib/launch/server/launch";
import type { LaunchInput } from "@/lib/launch/launch-input";
import { KIND_NOUN, type ApprovalKind } from "@/lib/approvals/approval";
import { notifier, requestedEvent } from "./approval-events";
import { signApprovalLink, type ApprovalDecision } from "./approval-links";
import { createRequest } from "./approval-store";
import { prepareChange, type ChangeAsk, type ChangeContext } from "./change-requests";

/**
 * Asking for an approval: a launch, an extension or a resize that the team's policy or budgets refuse is stored as a
 * request with the requester's reason, logged, and each of the team's owners and admins (not the requester) is told
 * on their channels with approve and deny links signed for them alone. Deciding is approvals.ts.
 */

type Person = { id: string; email: string };

/** A launch in words: "train: 2 × 8 H100 SXM (h100-…), $39.84/h, 8 h". */
function launchSummary(p: Awaited<ReturnType<typeof prepareLaunch>>): string {
  const { offer, values, hourlyRate, limits } = p;
  const time = limits?.timeLimitMinutes ? formatMinutes(limits.timeLimitMinutes) : "no time limit";
  return `${values.name}: ${values.node_count} × ${offer.gpus_per_node} ${offer.gpu_type} (${offer.id}), ${formatHourly(hourlyRate)}, ${time}`;
}

/** Who decides a team's requests: its owners and admins, but not the one asking. */
async function decidersOf(db: Db, teamId: string, requesterId: string): Promise<Person[]> {
  return (await membersOf(db, teamId))
    .filter((m) => decide(m.role, "policies").allowed && m.userId !== requesterId)
    .map((m) => ({ id: m.userId, email: m.email }));
}

type Asker = {
  user: Person;
  team: { teamId: string; name: string; personal: boolean };
  key: { label: string };
};

/**
 * Sends a refused launch to the team's admins with a reason. Refused when the launch keeps the rules now (it can
 * just be launched) or fails for another reason (an offer gone, a bad field: the same answers as a launch). Asking
 * again for the same launch (its Idempotency-Key) finds the first request and tells nobody twice.
 */
export async function requestLaunchApproval(
  ctx: LaunchContext & Asker,
  input: LaunchInput,
  reason: string,
): Promise<{ id: string; created: boolean; admins: number }> {
  if (ctx.team.personal)
    throw new ActionError("Your own team has no rules to ask about: launch it.", "invalid-input");
  const prepared = await prepareLaunch(ctx, input);
  return sendRequest(ctx, {
    kind: "launch",
    payload: input,
    idempotencyKey: input.idempotencyKey,
    summary: launchSummary(prepared),
    clusterId: null,
    clusterName: prepared.values.name,
    judged: prepared.guardrails,
    reason,
    keeps: "This launch keeps the team's policy and budgets now: launch it.",
  });
}

/** The same for an extension or a resize of a running cluster the team's rules refused (change-requests.ts). */
export async function requestChangeApproval(
  ctx: ChangeContext & Asker,
  ask: ChangeAsk,
  reason: string,
): Promise<{ id: string; created: boolean; admins: number }> {
  if (ctx.team.personal)
    throw new ActionError("Your own team has no rules to ask about: change it.", "invalid-input");
  const prepared = await prepareChange(ctx, ask);
  return sendRequest(ctx, {
    kind: ask.kind,
    payload: prepared.payload,
    idempotencyKey: ask.idempotencyKey,
    summary: prepared.summary,
    clusterId: prepared.clusterId,
    clusterName: prepared.clusterName,
    judged: { case: prepared.case, change: prepared.change },
    reason,
    keeps: `This ${KIND_NOUN[ask.kind]} keeps the team's policy and budgets now: do it.`,
  });
}

/** Stores a request the rules refuse, logs it, and tells each admin with links signed for them. */
async function sendRequest(
  ctx: Asker,
  r: {
    kind: ApprovalKind;
    payload: Record<string, unknown>;
    idempotencyKey: string;
    summary: string;
    clusterId: string | null;
    clusterName: string;
    judged: { case: PolicyCase; change: GuardedChange };
    reason: string;
    keeps: string;
  },
): Promise<{ id: string; created: boolean; admins: number }> {
  const db = await getDb();
  const breaches = await guardrailBreaches(
    db,
    { teamId: ctx.team.teamId, userId: ctx.user.id },
    r.judged.case,
    r.judged.change,
  );
  if (breaches.length === 0) throw new ActionError(r.keeps, "conflict");
  const admins = await decidersOf(db, ctx.team.teamId, ctx.user.id);
  if (admins.length === 0)
    throw new ActionError("The team has no admin besides you to approve it.", "conflict");
  const { reason } = r;
  const { request, created } = await createRequest(db, {
    kind: r.kind,
    clusterId: r.clusterId,
    teamId: ctx.team.teamId,
    requesterId: ctx.user.id,
    payload: r.payload,
    idempotencyKey: r.idempotencyKey,
    summary: r.summary,
    rules: [...new Set(breaches.map((b) => b.rule))],
    breaches: breaches.map((b) => b.message),
    reason,
    expiresAt: new Date(Date.now() + env().APPROVAL_EXPIRY_HOURS * 3_600_000),
  });
  if (created) {
    await recordAudit({
      userId: ctx.user.id,
      teamId: ctx.team.teamId,
      action: "approval-requested",
      clusterId: r.clusterId,
      clusterName: r.clusterName,
      keyLabel: ctx.key.label,
      detail: `${request.summary} · ${request.breaches.join(" ")} · reason: ${reason}`,
    });
    const notify = notifier(db);
    const ring = keyRing();
    const expiresAt = request.expiresAt.getTime();
    for (const admin of admins) {
      const link = (decision: ApprovalDecision) =>
        `/approvals/link/${signApprovalLink(ring, { requestId: request.id, decision, userId: admin.id, expiresAt })}`;
      await tell(
        notify,
        admin.id,
        requestedEvent(request, {
          teamName: ctx.team.name,
          requester: ctx.user.email,
          links: [
            { label: "Approve", path: link("approve") },
            { label: "Deny", path: link("deny") },
          ],
        }),
      );
    }
  }
  return { id: request.id, created, admins: admins.length };
}
