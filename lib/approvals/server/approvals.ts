import "server-only";
import { ActionError } from "@/lib/server/action-error";
import { recordAudit } from "@/lib/audit/server/audit";
import { getDb, type Db } from "@/lib/server/db/client";
import { keyRing } from "@/lib/server/crypto/key-ring";
import { log } from "@/lib/server/log";
import { tell } from "@/lib/notifications/server/observe";
import { teamKeySecret } from "@/lib/keys/server/runcrate-keys";
import { createRuncrateClient } from "@/lib/runcrate/server/client";
import { isRuncrateError } from "@/lib/runcrate/server/errors";
import { decide } from "@/lib/teams/permissions";
import { membersOf, membershipOf } from "@/lib/teams/server/teams-store";
import type { PolicyBreach } from "@/lib/policies/policy";
import { allowFor } from "@/lib/teams/server/authorize";
import { runApprovedChange } from "./change-requests";
import { launchFor } from "@/lib/launch/server/launch";
import type { LaunchInput } from "@/lib/launch/launch-input";
import type { ApprovalRequestRow } from "@/lib/server/db/schema";
import { decidedEvent, notifier } from "./approval-events";
import { readApprovalLink, type ApprovalDecision } from "./approval-links";
import {
  claimApproval,
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
  const outcome = await runApproved(db, claimed);
  if (outcome.ok) {
    await finishApproval(db, claimed.id, {
      status: "approved",
      clusterId: outcome.cluster.id,
      outcome: outcome.done,
    });
    await audit(
      "approval-approved",
      `${claimed.summary} · ${outcome.done} (${outcome.cluster.id})`,
      outcome.cluster.id,
    );
    await tell(
      notify,
      claimed.requesterId,
      decidedEvent(
        { ...claimed, outcome: outcome.done },
        { by: decider.email, status: "approved", cluster: outcome.cluster },
      ),
    );
    return {
      status: "approved",
      clusterId: outcome.cluster.id,
      message:
        claimed.kind === "launch"
          ? `Approved: ${outcome.cluster.name} is launching.`
          : `Approved: ${outcome.cluster.name} ${outcome.done}.`,
    };
  }
  await finishApproval(db, claimed.id, { status: "failed", outcome: outcome.message });
  await audit(
    "approval-approved",
    `${claimed.summary} · did not happen: ${outcome.message}`,
    claimed.clusterId,
  );
  await tell(
    notify,
    claimed.requesterId,
    decidedEvent({ ...claimed, outcome: outcome.message }, { by: decider.email, status: "failed" }),
  );
  const didNot = claimed.kind === "launch" ? "it did not start" : "it was not done";
  return { status: "failed", clusterId: null, message: `Approved, but ${didNot}: ${outcome.message}` };
}

/** Who decided a request, as it stands now (the store's list already joins the decider). */
async function deciderEmail(db: Db, r: ApprovalRequestRow): Promise<string | null> {
  const [fresh] = await teamRequests(db, r.teamId, { id: r.id });
  return fresh?.deciderEmail ?? null;
}

type Ran = { ok: true; cluster: { id: string; name: string }; done: string } | { ok: false; message: string };

/**
 * Runs an approved request as its requester, with the team's key: a launch with the request's Idempotency-Key, a
 * change to the cluster it is about. The rules it was about are waived; every other check runs again.
 */
async function runApproved(db: Db, r: ApprovalRequestRow): Promise<Ran> {
  const requester = await membershipOf(db, r.teamId, r.requesterId);
  const action = r.kind === "launch" ? "launch" : r.kind === "extend" ? "limits" : "resize";
  if (!requester || !decide(requester.role, action).allowed)
    return { ok: false, message: `the requester can no longer ${r.kind} in this team` };
  const active = await teamKeySecret(db, r.teamId, keyRing());
  if (!active) return { ok: false, message: "the team has no Runcrate key" };
  const { id, label, environment } = active.key;
  const client = createRuncrateClient({ apiKey: active.apiKey, environment });
  const waive = new Set(r.rules as PolicyBreach["rule"][]);
  try {
    if (r.kind === "launch") {
      const launched = await launchFor(
        { user: { id: r.requesterId }, team: { teamId: r.teamId }, key: { id, label, environment }, client },
        r.payload as unknown as LaunchInput,
        waive,
      );
      return {
        ok: true,
        cluster: { id: launched.id, name: launched.name },
        done: `launched ${launched.name}`,
      };
    }
    const email = (await membersOf(db, r.teamId)).find((m) => m.userId === r.requesterId)?.email ?? "";
    const ran = await runApprovedChange(
      {
        user: { id: r.requesterId, email },
        team: requester,
        key: { id, label, environment },
        client,
        allow: allowFor(db, { userId: r.requesterId, team: requester }),
      },
      r.kind,
      r.payload,
      waive,
    );
    return { ok: true, cluster: ran.cluster, done: ran.outcome };
  } catch (e) {
    if (e instanceof ActionError) return { ok: false, message: e.userMessage };
    if (isRuncrateError(e)) return { ok: false, message: e.userMessage };
    approvalLog.error(
      { requestId: r.id, err: e instanceof Error ? e.name : typeof e },
      "approved request failed",
    );
    return { ok: false, message: "it failed on the Clusterdeck server" };
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
