import "server-only";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { KeyRing } from "@/lib/server/crypto/key-ring";

/**
 * Links that act for one person (approve a request, extend a cluster) sent by email and webhook: the fields a link
 * stands for, signed with a key derived from the instance's secret for that purpose alone, in the link itself. An
 * altered link, or one of another purpose, reads as nothing; what makes it single use and expire is the caller's
 * (the state it acts on has moved on, a time inside the fields).
 */

export type LinkFields = ReadonlyArray<string | number>;

function mac(secret: Buffer, purpose: string, payload: string): Buffer {
  const key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), `clusterdeck ${purpose} links v1`, 32));
  return createHmac("sha256", key).update(payload).digest();
}

export function signLink(ring: KeyRing, purpose: string, fields: LinkFields): string {
  const payload = Buffer.from(JSON.stringify(fields)).toString("base64url");
  return `${payload}.${mac(ring.current, purpose, payload).toString("base64url")}`;
}

/** The fields a token was signed with for `purpose`, or null when it was not made here (or was altered). */
export function readLink(ring: KeyRing, purpose: string, token: string): unknown[] | null {
  if (token.length > 600) return null;
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return null;
  const given = Buffer.from(sig, "base64url");
  const signed = [ring.current, ...ring.previous].some((secret) => {
    const expected = mac(secret, purpose, payload);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!signed) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return Array.isArray(v) ? (v as unknown[]) : null;
  } catch {
    return null;
  }
}
