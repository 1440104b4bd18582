import "server-only";
import type { Db } from "@/lib/server/db/client";
import { clearSignInFailures, recordSignInFailure, signInBlocked } from "./limits";
import { findUserByEmail, normalizeEmail, replacePasswordHash } from "@/lib/server/db/users";
import type { UserRow } from "@/lib/server/db/schema";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "@/lib/server/crypto/password";
import { signInSchema } from "@/lib/auth/schemas";
import { signInLockedOut, signInRefused } from "@/lib/server/metrics/record";

export type CredentialsResult =
  | { ok: true; user: UserRow }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * Checks an email and password, with the sign-in limits (per account and address, and per address; see limits.ts).
 * A locked-out caller is answered "rate limited" without checking the password, so guessing on doesn't help; an
 * unknown email costs the same time as a wrong password.
 */
export async function checkCredentials(
  db: Db,
  raw: { email: unknown; password: unknown },
  address: string,
): Promise<CredentialsResult> {
  const parsed = signInSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const email = normalizeEmail(parsed.data.email);

  const blocked = await signInBlocked(db, email, address);
  if (blocked) {
    signInRefused("locked");
    return { ok: false, reason: "rate_limited", ...blocked };
  }

  const user = await findUserByEmail(db, email);
  let valid = false;
  if (user?.passwordHash) valid = await verifyPassword(parsed.data.password, user.passwordHash);
  else await burnPasswordCheck(parsed.data.password);

  if (!valid) {
    const limited = await recordSignInFailure(db, email, address);
    signInRefused("invalid");
    if (limited) signInLockedOut();
    return limited ? { ok: false, reason: "rate_limited", ...limited } : { ok: false, reason: "invalid" };
  }
  await clearSignInFailures(db, email, address);
  // A hash made with older scrypt parameters is upgraded now, while the password is at hand.
  if (user!.passwordHash && needsRehash(user!.passwordHash))
    await replacePasswordHash(db, user!.id, user!.passwordHash, await hashPassword(parsed.data.password));
  return { ok: true, user: user! };
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
