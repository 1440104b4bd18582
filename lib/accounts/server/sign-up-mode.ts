import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { teamInvites, users } from "@/lib/server/db/schema";
import { env } from "@/lib/server/env";
import { SIGN_UP_CLOSED, type SignUpMode } from "@/lib/accounts/messages";
import { domainNotAllowedMessage, mayUseDomain, signUpDomains } from "./sign-up-domains";

/**
 * Who may make an account here. SIGN_UP=open: anyone who can reach the instance; invite: only an address a team has
 * invited (an invite still waiting: not accepted, revoked or expired); off: nobody. Unset, an instance is open until
 * its first account exists and by invitation after it: the person who installs it signs up, everyone else is invited.
 * Existing accounts sign in whatever the mode; it decides new accounts only, by password and through GitHub/OIDC alike.
 */
export async function signUpMode(
  db: Db,
  configured: SignUpMode | undefined = env().SIGN_UP,
): Promise<SignUpMode> {
  if (configured) return configured;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .limit(1);
  return row ? "invite" : "open";
}

export type NewAccountRefusal = {
  reason: "domain_not_allowed" | "sign_up_closed";
  message: string;
};

/**
 * Why no account may be made for `email` (normalized), or null when one may: the allowed domains (SIGN_UP_DOMAINS)
 * first, then the sign-up mode.
 */
export async function newAccountRefusal(
  db: Db,
  email: string,
  opts: { now?: Date; configured?: SignUpMode } = {},
): Promise<NewAccountRefusal | null> {
  const domains = signUpDomains();
  if (!mayUseDomain(email, domains))
    return { reason: "domain_not_allowed", message: domainNotAllowedMessage(domains) };
  const now = opts.now ?? new Date();
  const mode = await signUpMode(db, "configured" in opts ? opts.configured : env().SIGN_UP);
  if (mode === "open") return null;
  if (mode === "invite" && (await hasWaitingInvite(db, email, now))) return null;
  return { reason: "sign_up_closed", message: SIGN_UP_CLOSED[mode] };
}

/** Whether some team's invite to this address can still be accepted (the teams feature makes and keeps invites). */
async function hasWaitingInvite(db: Db, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(teamInvites)
    .where(
      and(
        eq(teamInvites.email, email),
        isNull(teamInvites.acceptedAt),
        isNull(teamInvites.revokedAt),
        gt(teamInvites.expiresAt, now),
      ),
    )
    .limit(1);
  return !!row;
}
