/**
 * What the audit log records: one entry per mutation a user makes on a cluster or on a shared team's keys
 * (lib/audit/server/audit.ts writes them).
 *
 * A stored word: it types the log's `action` column (lib/server/db/schema/audit.ts) and the log's filter in the
 * browser, so it sits below both, a plain list that imports nothing.
 */
export const AUDIT_ACTIONS = [
  "launch",
  "resize",
  "test",
  "terminate",
  // a cluster handed to another member of the team, who owns it from then on
  "cluster-transferred",
  // spending limits: the guardian's terminations and changes to a cluster's limits
  "auto-terminate",
  "limits",
  // a shared team's keys (a person's own keys are theirs to change unrecorded)
  "key-added",
  "key-rotated",
  "key-activated",
  "key-removed",
  // a shared team's members
  "member-invited",
  "invite-revoked",
  "member-joined",
  "member-role-changed",
  "member-removed",
  "member-left",
  "auto-join-changed",
  // the team's policy: the rules launches, resizes and limits must keep
  "policy-changed",
  // the team's budgets: dollars per period for the team and each member
  "budget-changed",
  // a launch outside the team's rules, sent for approval; an admin's decision
  "approval-requested",
  "approval-approved",
  "approval-denied",
  // a shared team deleted by its owner (in the owner's own log: the team's is gone with it)
  "team-deleted",
  // the instance administrator's choice of who may sign up (in their own log)
  "sign-up-mode-changed",
  "mail-origin-changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
