import "server-only";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { KeyRing } from "@/lib/server/crypto/key-ring";

/**
 * The approve and deny links in an admin's email and webhook: signed with a key derived from the instance's secret,
 * bound to one request, one decision and one admin, and expiring with the request. Single use comes from the request
 * itself: a decided request takes no second decision. A link someone else opens, or one changed by a single
 * character, is refused; nothing is stored per link.
 */

export type ApprovalDecision = "approve" | "deny";
export type ApprovalLink = {
  requestId: string;
  decision: ApprovalDecision;
  userId: string;
  expiresAt: number;
};

const INFO = "clusterdeck approval links v1";

function linkKey(secret: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), INFO, 32));
}

function mac(secret: Buffer, payload: string): Buffer {
  return createHmac("sha256", linkKey(secret)).update(payload).digest();
}

export function signApprovalLink(ring: KeyRing, link: ApprovalLink): string {
  const payload = Buffer.from(
    JSON.stringify([link.requestId, link.decision, link.userId, link.expiresAt]),
  ).toString("base64url");
  return `${payload}.${mac(ring.current, payload).toString("base64url")}`;
}

/** The link a token stands for, or null when it was not made here (or was altered). Expiry is the caller's check. */
export function readApprovalLink(ring: KeyRing, token: string): ApprovalLink | null {
  if (token.length > 600) return null;
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return null;
  const given = Buffer.from(sig, "base64url");
  const signed = [ring.current, ...ring.previous].some((secret) => {
    const expected = mac(secret, payload);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!signed) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (!Array.isArray(v) || v.length !== 4) return null;
    const [requestId, decision, userId, expiresAt] = v as unknown[];
    if (typeof requestId !== "string" || typeof userId !== "string" || typeof expiresAt !== "number")
      return null;
    if (decision !== "approve" && decision !== "deny") return null;
    return { requestId, decision, userId, expiresAt };
  } catch {
    return null;
  }
}
