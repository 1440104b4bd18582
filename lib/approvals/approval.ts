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

/** What a request asks for: a launch, or an extension or a resize of a running cluster. */
export type ApprovalKind = "launch" | "extend" | "resize";

/** A kind as a sentence names it: "your launch of train", "your extension of train". */
export const KIND_NOUN: Record<ApprovalKind, string> = {
  launch: "launch",
  extend: "extension",
  resize: "resize",
};

/** The approve button of a request of each kind. */
export const APPROVE_BUTTON: Record<ApprovalKind, string> = {
  launch: "Approve and launch",
  extend: "Approve and extend",
  resize: "Approve and resize",
};

/** What approving does, for the admin about to press. */
export function approvingDoes(kind: ApprovalKind, requester: string): string {
  const as = `as ${requester}, with the team's key`;
  if (kind === "launch")
    return `Approving launches it now ${as}, after checking the offer, its price and every other rule again.`;
  if (kind === "extend")
    return `Approving extends its limits now ${as}, if they are still the ones it was asked against.`;
  return `Approving resizes it now ${as}, after checking every other rule again.`;
}

/** A kind as a badge names it. */
export const KIND_WORD: Record<ApprovalKind, string> = {
  launch: "Launch",
  extend: "Extend",
  resize: "Resize",
};

/** A request as the pages show it. */
export type ApprovalView = {
  id: string;
  kind: ApprovalKind;
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
