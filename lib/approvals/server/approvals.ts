import "server-only";
import { ActionError } from "@/lib/server/action-error";
import { recordAudit } from "@/lib/audit/server/audit";
import { getDb, type Db } from "@/lib/server/db/client";
import { env } from "@/lib/server/env";
import { keyRing } from "@/lib/server/crypto/key-ring";
import { processEngine } from "@/lib/server/jobs/process-engine";
import { log } from "@/lib/server/log";
import { formatHourly } from "@/lib/format/money";
import { formatMinutes } from "@/lib/format/duration";
import { createNotifier } from "@/lib/notifications/server/delivery-queue";
import { tell } from "@/lib/notifications/server/observe";
import { teamKeySecret } from "@/lib/keys/server/runcrate-keys";
import { createRuncrateClient } from "@/lib/runcrate/server/client";
import { isRuncrateError } from "@/lib/runcrate/server/errors";
import { decide } from "@/lib/teams/permissions";
import { membersOf, membershipOf } from "@/lib/teams/server/teams-store";
import { guardrailBreaches } from "@/lib/policies/server/guardrails";
import type { PolicyBreach } from "@/lib/policies/policy";
import { launchFor, prepareLaunch, type LaunchContext } from "@/lib/launch/server/launch";
import type { LaunchInput } from "@/lib/launch/launch-input";
import type { ApprovalRequestRow } from "@/lib/server/db/schema";
import { decidedEvent, requestedEvent } from "./approval-events";
import { signApprovalLink, readApprovalLink, type ApprovalDecision } from "./approval-links";
import {
  claimApproval,
  createRequest,
  denyRequest,
  expireRequests,
  finishApproval,
  requestById,
  statusOf,
  teamRequests,
} from "./approval-store";

/**
 * Approvals: a member's launch that the team's policy or budgets refuse can be sent to the team's admins with a
 * reason. Each admin is told on their channels, with approve and deny links signed for them alone (lib/approvals/
 * server/approval-links.ts); the request's page has the same buttons. Approving re-checks the launch as it would run
 * now — the offer, its price, the balance (Runcrate's own answer), every rule the request did not ask to pass — and
 * launches exactly once with the request's Idempotency-Key, as the requester, with the team's key. The requester is
 * told the outcome; each step is in the team's log.
 */

const approvalLog = log.child({ area: "approvals" });

type Person = { id: string; email: string };

function notifier(db: Db) {
  return createNotifier(db, async () => (await processEngine()).boss);
}

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

/**
 * Sends a refused launch to the team's admins with a reason. Refused when the launch keeps the rules now (it can
 * just be launched) or fails for another reason (an offer gone, a bad field: the same answers as a launch). Asking
 * again for the same launch (its Idempotency-Key) finds the first request and tells nobody twice.
 */
export async function requestLaunchApproval(
  ctx: LaunchContext & { user: Person; team: { teamId: string; name: string; personal: boolean } },
  input: LaunchInput,
  reason: string,
): Promise<{ id: string; created: boolean; admins: number }> {
  if (ctx.team.personal)
    throw new ActionError("Your own team has no rules to ask about: launch it.", "invalid-input");
  const db = await getDb();
  const prepared = await prepareLaunch(ctx, input);
  const breaches = await guardrailBreaches(
    db,
    { teamId: ctx.team.teamId, userId: ctx.user.id },
    prepared.guardrails.case,
    prepared.guardrails.change,
  );
  if (breaches.length === 0)
    throw new ActionError("This launch keeps the team's policy and budgets now: launch it.", "conflict");
  const admins = await decidersOf(db, ctx.team.teamId, ctx.user.id);
  if (admins.length === 0)
    throw new ActionError("The team has no admin besides you to approve it.", "conflict");
  const { request, created } = await createRequest(db, {
    teamId: ctx.team.teamId,
    requesterId: ctx.user.id,
    payload: input,
    idempotencyKey: input.idempotencyKey,
    summary: launchSummary(prepared),
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
      clusterId: null,
      clusterName: prepared.values.name,
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

export type Decided = { status: "approved" | "denied" | "failed"; clusterId: string | null; message: string };

/** Why a request takes no decision now: decided before (by whom), or expired. */
function alreadyMessage(r: ApprovalRequestRow, decider: string | null): string {
  const s = statusOf(r);
  if (s === "expired") return "This request has expired: nobody decided on it in time.";
  if (s === "approving") return "Another admin is approving this request right now.";
  const by = decider ? ` by ${decider}` : "";
  return `This request was already ${s === "failed" ? "approved (its launch failed)" : s}${by}.`;
}

/**
 * An admin's decision on a request, from its page or from a signed link. Denying needs only the request pending;
 * approving claims it (one approval wins) and launches as the requester with the team's key.
 */
export async function decideApproval(
  decider: Person,
  requestId: string,
  decision: ApprovalDecision,
  note: string | null,
): Promise<Decided> {
  const db = await getDb();
  const request = await requestById(db, requestId);
  if (!request) throw new ActionError("That request does not exist.", "not_found");
  const membership = await membershipOf(db, request.teamId, decider.id);
  const may = membership ? decide(membership.role, "policies") : null;
  if (!membership || !may?.allowed)
    throw new ActionError("Only the team's owners and admins decide its requests.", "forbidden");
  if (request.requesterId === decider.id)
    throw new ActionError("Another admin decides on your own request.", "forbidden");
  const audit = (action: "approval-approved" | "approval-denied", detail: string, clusterId: string | null) =>
    recordAudit({
      userId: decider.id,
      teamId: request.teamId,
      action,
      clusterId,
      clusterName: request.summary.split(":")[0] ?? null,
      keyLabel: "",
      detail,
    });
  const notify = notifier(db);

  if (decision === "deny") {
    const denied = await denyRequest(db, request.id, decider.id, note);
    if (!denied) throw new ActionError(alreadyMessage(request, await deciderEmail(db, request)), "conflict");
    await audit("approval-denied", `${denied.summary}${note ? ` · note: ${note}` : ""}`, null);
    await tell(notify, denied.requesterId, decidedEvent(denied, { by: decider.email, status: "denied" }));
    return { status: "denied", clusterId: null, message: "Denied. They are told." };
  }

  const claimed = await claimApproval(db, request.id, decider.id, note);
  if (!claimed) throw new ActionError(alreadyMessage(request, await deciderEmail(db, request)), "conflict");
  const outcome = await launchApproved(db, claimed);
  if (outcome.ok) {
    await finishApproval(db, claimed.id, {
      status: "approved",
      clusterId: outcome.cluster.id,
      outcome: `launched ${outcome.cluster.name}`,
    });
    await audit(
      "approval-approved",
      `${claimed.summary} · launched ${outcome.cluster.id}`,
      outcome.cluster.id,
    );
    await tell(
      notify,
      claimed.requesterId,
      decidedEvent(claimed, { by: decider.email, status: "approved", cluster: outcome.cluster }),
    );
    return {
      status: "approved",
      clusterId: outcome.cluster.id,
      message: `Approved: ${outcome.cluster.name} is launching.`,
    };
  }
  await finishApproval(db, claimed.id, { status: "failed", outcome: outcome.message });
  await audit("approval-approved", `${claimed.summary} · did not start: ${outcome.message}`, null);
  await tell(
    notify,
    claimed.requesterId,
    decidedEvent({ ...claimed, outcome: outcome.message }, { by: decider.email, status: "failed" }),
  );
  return { status: "failed", clusterId: null, message: `Approved, but it did not start: ${outcome.message}` };
}

/** Who decided a request, as it stands now (the store's list already joins the decider). */
async function deciderEmail(db: Db, r: ApprovalRequestRow): Promise<string | null> {
  const [fresh] = await teamRequests(db, r.teamId, { id: r.id });
  return fresh?.deciderEmail ?? null;
}

/** Launches an approved request as its requester, with the team's key and the request's Idempotency-Key. */
async function launchApproved(
  db: Db,
  r: ApprovalRequestRow,
): Promise<{ ok: true; cluster: { id: string; name: string } } | { ok: false; message: string }> {
  const requester = await membershipOf(db, r.teamId, r.requesterId);
  if (!requester || !decide(requester.role, "launch").allowed)
    return { ok: false, message: "the requester can no longer launch in this team" };
  const active = await teamKeySecret(db, r.teamId, keyRing());
  if (!active) return { ok: false, message: "the team has no Runcrate key" };
  const { id, label, environment } = active.key;
  const client = createRuncrateClient({ apiKey: active.apiKey, environment });
  try {
    const launched = await launchFor(
      { user: { id: r.requesterId }, team: { teamId: r.teamId }, key: { id, label, environment }, client },
      r.payload as unknown as LaunchInput,
      new Set(r.rules as PolicyBreach["rule"][]),
    );
    return { ok: true, cluster: { id: launched.id, name: launched.name } };
  } catch (e) {
    if (e instanceof ActionError) return { ok: false, message: e.userMessage };
    if (isRuncrateError(e)) return { ok: false, message: e.userMessage };
    approvalLog.error(
      { requestId: r.id, err: e instanceof Error ? e.name : typeof e },
      "approved launch failed",
    );
    return { ok: false, message: "the launch failed on the Clusterdeck server" };
  }
}

export type LinkCheck =
  { ok: true; request: ApprovalRequestRow; decision: ApprovalDecision } | { ok: false; message: string };

/** What a signed link opens to, for the signed-in person: refused when altered, expired, used, or someone else's. */
export async function checkApprovalLink(token: string, viewer: Person): Promise<LinkCheck> {
  const link = readApprovalLink(keyRing(), token);
  if (!link) return { ok: false, message: "This link is not valid: it may have been cut short or changed." };
  if (link.userId !== viewer.id)
    return {
      ok: false,
      message:
        "This link was sent to another person. Sign in as them, or open the request from your own inbox.",
    };
  const db = await getDb();
  const request = await requestById(db, link.requestId);
  if (!request) return { ok: false, message: "That request no longer exists." };
  if (link.expiresAt <= Date.now() || statusOf(request) === "expired")
    return { ok: false, message: "This request has expired: nobody decided on it in time." };
  if (request.status !== "pending")
    return { ok: false, message: alreadyMessage(request, await deciderEmail(db, request)) };
  return { ok: true, request, decision: link.decision };
}

/** Marks the requests past their time expired and tells each requester (the job queue runs it every minute). */
export async function expireApprovals(db: Db, now = new Date()): Promise<number> {
  const expired = await expireRequests(db, now);
  const notify = notifier(db);
  for (const r of expired)
    await tell(notify, r.requesterId, decidedEvent(r, { by: null, status: "expired" }));
  return expired.length;
}
