import { z } from "zod";

/** Approval requests, browser-safe: what a requester and an admin type, and the states a request goes through. */

export const approvalReasonSchema = z
  .string()
  .trim()
  .min(3, "Say why this launch needs to break the rules (a few words).")
  .max(500, "At most 500 characters.");

/** An admin's note with the decision: optional, empty for none. */
export const approvalNoteSchema = z
  .string()
  .trim()
  .max(500, "At most 500 characters.")
  .transform((s) => (s === "" ? null : s));

export type ApprovalStatus = "pending" | "approving" | "approved" | "denied" | "failed" | "expired";

export const STATUS_WORDS: Record<ApprovalStatus, string> = {
  pending: "Waiting for an admin",
  approving: "Being approved",
  approved: "Approved",
  denied: "Denied",
  failed: "Approved, did not start",
  expired: "Expired",
};

/** A request as the pages show it. */
export type ApprovalView = {
  id: string;
  status: ApprovalStatus;
  summary: string;
  breaches: string[];
  reason: string;
  requester: string;
  decidedBy: string | null;
  note: string | null;
  clusterId: string | null;
  outcome: string | null;
  createdAt: string;
  expiresAt: string;
};
