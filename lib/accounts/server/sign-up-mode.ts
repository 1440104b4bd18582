import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { instanceSettings, teamInvites, users } from "@/lib/server/db/schema";
import { env } from "@/lib/server/env";
import { SIGN_UP_CLOSED, type SignUpMode } from "@/lib/accounts/messages";
import { domainNotAllowedMessage, mayUseDomain, signUpDomains } from "./sign-up-domains";

/** Where the sign-up mode in force comes from: SIGN_UP, the administrator's choice in the console, or the default. */
export type SignUpModeSource = "environment" | "console" | "default";

/**
 * Who may make an account here, and why. open: anyone who can reach the instance; invite: only an address a team has
 * invited (an invite still waiting: not accepted, revoked or expired); off: nobody. SIGN_UP, when set, decides (an
 * operator's configuration is not overridden from a page); otherwise the instance administrator's choice in the
 * console; with neither, an instance is open until its first account exists and by invitation after it: the person
 * who installs it signs up, everyone else is invited. Existing accounts sign in whatever the mode; it decides new
 * accounts only, by password and through GitHub/OIDC alike.
 */
export async function signUpModeInForce(
  db: Db,
  configured: SignUpMode | undefined = env().SIGN_UP,
): Promise<{ mode: SignUpMode; source: SignUpModeSource }> {
  if (configured) return { mode: configured, source: "environment" };
  const stored = await storedSignUpMode(db);
  if (stored) return { mode: stored, source: "console" };
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .limit(1);
  return { mode: row ? "invite" : "open", source: "default" };
}

export async function signUpMode(
  db: Db,
  configured: SignUpMode | undefined = env().SIGN_UP,
): Promise<SignUpMode> {
  return (await signUpModeInForce(db, configured)).mode;
}

/** The administrator's choice of sign-up mode, or null (none made, or set back to the default). */
export async function storedSignUpMode(db: Db): Promise<SignUpMode | null> {
  const [row] = await db.select({ signUp: instanceSettings.signUp }).from(instanceSettings).limit(1);
  return row?.signUp ?? null;
}

/** Stores the administrator's choice (null: back to the default). */
export async function storeSignUpMode(db: Db, mode: SignUpMode | null, by: string): Promise<void> {
  await db
    .insert(instanceSettings)
    .values({ id: 1, signUp: mode, updatedBy: by })
    .onConflictDoUpdate({
      target: instanceSettings.id,
      set: { signUp: mode, updatedBy: by, updatedAt: new Date() },
    });
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
