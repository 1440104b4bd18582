import "server-only";
import { getDb } from "@/lib/server/db/client";
import { decide } from "@/lib/teams/permissions";
import { activeTeam, membershipOf } from "@/lib/teams/server/teams-store";
import type { ApprovalView } from "@/lib/approvals/approval";
import { requestById, statusOf, teamRequests, type RequestListItem } from "./approval-store";

function toView(r: RequestListItem): ApprovalView {
  return {
    id: r.id,
    kind: r.kind,
    status: statusOf(r),
    summary: r.summary,
    breaches: r.breaches,
    reason: r.reason,
    requester: r.requesterEmail,
    decidedBy: r.deciderEmail,
    note: r.note,
    clusterId: r.clusterId,
    outcome: r.outcome,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  };
}

/** /approvals: the active team's requests — every one for its owners and admins, a member's own for a member. */
export async function approvalsPageView(userId: string) {
  const db = await getDb();
  const team = await activeTeam(db, userId);
  if (team.personal) return { team, canDecide: false, items: [] as ApprovalView[] };
  const canDecide = decide(team.role, "policies").allowed;
  const rows = await teamRequests(db, team.teamId, canDecide ? {} : { requesterId: userId });
  return { team, canDecide, items: rows.map(toView) };
}

/**
 * One request, for its requester and the team's owners and admins (null for anyone else, as for a request that does
 * not exist); whether this person may decide it (an admin, not the requester, while it waits).
 */
export async function approvalPageView(userId: string, id: string) {
  const db = await getDb();
  const row = await requestById(db, id);
  if (!row) return null;
  const membership = await membershipOf(db, row.teamId, userId);
  const admin = membership !== null && decide(membership.role, "policies").allowed;
  if (!admin && row.requesterId !== userId) return null;
  const [item] = await teamRequests(db, row.teamId, { id });
  if (!item) return null;
  const view = toView(item);
  return {
    view,
    teamName: membership?.name ?? "",
    canDecide: admin && row.requesterId !== userId && view.status === "pending",
  };
}
