/** What the audit log records: one entry per mutation a user makes on a cluster (lib/server/audit.ts writes them). */
export const AUDIT_ACTIONS = [
  "launch",
  "resize",
  "test",
  "terminate",
  // issue 17: the guardian's terminations and changes to a cluster's limits
  "auto-terminate",
  "limits",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
