import "server-only";
import type { Db } from "@/lib/server/db/client";
import { takeSignInAttempt } from "./rate-limits";
import { findUserByEmail, normalizeEmail, replacePasswordHash } from "@/lib/accounts/server/users";
import type { UserRow } from "@/lib/server/db/schema";
import {
  burnPasswordCheck,
  hashPassword,
  isPasswordHashingBusy,
  needsRehash,
  verifyPassword,
} from "@/lib/accounts/server/password";
import { signInSchema } from "@/lib/accounts/schemas";
import { signInLockedOut, signInRefused } from "@/lib/server/metrics/record";

export type CredentialsResult =
  | { ok: true; user: UserRow }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number }
  /** The server's password hashing is saturated: nothing was checked or counted; try again in seconds. */
  | { ok: false; reason: "busy"; retryAfterSeconds: number };

/**
 * Checks an email and password, with the sign-in limits (per account and address, and per address; see limits.ts).
 * The attempt is taken before the password is checked, so a burst of guesses is counted as it arrives; a caller out
 * of attempts is answered "rate limited" without a check, so guessing on doesn't help. An unknown email costs the
 * same time as a wrong password. When the server's password hashing is saturated (crypto/password.ts), the caller is
 * told to try again shortly, and nothing is counted.
 */
export async function checkCredentials(
  db: Db,
  raw: { email: unknown; password: unknown },
  address: string,
): Promise<CredentialsResult> {
  const parsed = signInSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const email = normalizeEmail(parsed.data.email);

  const attempt = await takeSignInAttempt(db, email, address);
  if (attempt.refused) {
    signInRefused("locked");
    return { ok: false, reason: "rate_limited", ...attempt.refused };
  }

  const user = await findUserByEmail(db, email);
  let valid = false;
  try {
    if (user?.passwordHash) valid = await verifyPassword(parsed.data.password, user.passwordHash);
    else await burnPasswordCheck(parsed.data.password);
  } catch (err) {
    if (!isPasswordHashingBusy(err)) throw err;
    // Not checked, so not counted: the attempt goes back.
    await attempt.giveBack();
    return { ok: false, reason: "busy", retryAfterSeconds: err.retryAfterSeconds };
  }

  if (!valid) {
    const limited = await attempt.failed();
    signInRefused("invalid");
    if (limited) signInLockedOut();
    return limited ? { ok: false, reason: "rate_limited", ...limited } : { ok: false, reason: "invalid" };
  }
  await attempt.succeeded();
  // A hash made with older scrypt parameters is upgraded now, while the password is at hand (or at the next sign-in,
  // should the server be too busy to hash right now).
  if (user!.passwordHash && needsRehash(user!.passwordHash)) {
    const upgraded = await hashPassword(parsed.data.password).catch((err: unknown) => {
      if (isPasswordHashingBusy(err)) return null;
      throw err;
    });
    if (upgraded) await replacePasswordHash(db, user!.id, user!.passwordHash, upgraded);
  }
  return { ok: true, user: user! };
}

export const PASSWORD_CHECKS_BUSY_MESSAGE =
  "The server is busy checking passwords. Try again in a few seconds.";

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
