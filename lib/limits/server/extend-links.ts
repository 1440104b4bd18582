import "server-only";
import { keyRing } from "@/lib/server/crypto/key-ring";
import { readLink, signLink } from "@/lib/server/crypto/signed-link";
import type { Limits } from "@/lib/spend/ledger";

/**
 * The Extend links in a limit warning's email and webhook (lib/limits/server/extend.ts applies them): signed for the
 * cluster's owner, for the limits the cluster has when the warning is sent — an extension changes them, so a link
 * works once — and expiring with the limit's deadline.
 */

/** The limits a link was sent for, so it extends them once. */
export type Basis = { timeLimitMinutes: number | null; budgetCents: number | null };

export const basisOf = (l: Limits): Basis => ({
  timeLimitMinutes: l.timeLimitMinutes,
  budgetCents: l.budgetLimit === null ? null : Math.round(l.budgetLimit * 100),
});

const PURPOSE = "extend";

/** An Extend link for the cluster's owner, for the limits it has now; it expires with the limit's deadline. */
export function signExtendLink(o: {
  clusterId: string;
  userId: string;
  minutes: number;
  limits: Limits;
  expiresAt: number;
}): string {
  const b = basisOf(o.limits);
  return signLink(keyRing(), PURPOSE, [
    o.clusterId,
    o.userId,
    o.minutes,
    b.timeLimitMinutes ?? -1,
    b.budgetCents ?? -1,
    o.expiresAt,
  ]);
}

export type ExtendLink = {
  clusterId: string;
  userId: string;
  minutes: number;
  basis: Basis;
  expiresAt: number;
};

export function readExtendLink(token: string): ExtendLink | null {
  const v = readLink(keyRing(), PURPOSE, token);
  if (!v || v.length !== 6 || !v.every((x, i) => (i < 2 ? typeof x === "string" : typeof x === "number")))
    return null;
  const [clusterId, userId, minutes, time, cents, expiresAt] = v as [
    string,
    string,
    number,
    number,
    number,
    number,
  ];
  return {
    clusterId,
    userId,
    minutes,
    basis: { timeLimitMinutes: time < 0 ? null : time, budgetCents: cents < 0 ? null : cents },
    expiresAt,
  };
}

/** What an Extend link opens to for the signed-in person: refused when altered, someone else's or expired. */
export function checkExtendLink(
  token: string,
  userId: string,
  now = Date.now(),
): { ok: true; link: ExtendLink } | { ok: false; message: string } {
  const link = readExtendLink(token);
  if (!link) return { ok: false, message: "This link is not valid: it may have been cut short or changed." };
  if (link.userId !== userId)
    return { ok: false, message: "This link was sent to another person: sign in as them." };
  if (link.expiresAt <= now)
    return { ok: false, message: "This link has expired: the limit it was sent for has passed." };
  return { ok: true, link };
}
