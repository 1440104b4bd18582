import "server-only";
import type { KeyRing } from "@/lib/server/crypto/key-ring";
import { readLink, signLink } from "@/lib/server/crypto/signed-link";

/**
 * The approve and deny links in an admin's email and webhook: bound to one request, one decision and one admin, and
 * expiring with the request (lib/server/crypto/signed-link.ts). Single use comes from the request itself: a decided
 * request takes no second decision.
 */

export type ApprovalDecision = "approve" | "deny";
export type ApprovalLink = {
  requestId: string;
  decision: ApprovalDecision;
  userId: string;
  expiresAt: number;
};

const PURPOSE = "approval";

export function signApprovalLink(ring: KeyRing, link: ApprovalLink): string {
  return signLink(ring, PURPOSE, [link.requestId, link.decision, link.userId, link.expiresAt]);
}

/** The link a token stands for, or null when it was not made here (or was altered). Expiry is the caller's check. */
export function readApprovalLink(ring: KeyRing, token: string): ApprovalLink | null {
  const v = readLink(ring, PURPOSE, token);
  if (!v || v.length !== 4) return null;
  const [requestId, decision, userId, expiresAt] = v;
  if (typeof requestId !== "string" || typeof userId !== "string" || typeof expiresAt !== "number")
    return null;
  if (decision !== "approve" && decision !== "deny") return null;
  return { requestId, decision, userId, expiresAt };
}
