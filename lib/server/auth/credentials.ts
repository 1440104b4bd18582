import "server-only";
import type { Db } from "@/lib/server/db/client";
import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  accountKey,
  addressKey,
  clearFailures,
  lockedUntil,
  recordFailure,
} from "@/lib/server/db/sign-in-attempts";
import { findUserByEmail, normalizeEmail, replacePasswordHash } from "@/lib/server/db/users";
import type { UserRow } from "@/lib/server/db/schema";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "@/lib/server/crypto/password";
import { signInSchema } from "@/lib/auth/schemas";

export type CredentialsResult =
  | { ok: true; user: UserRow }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * Checks an email and password, with the sign-in limits (per account and per client address, kept in the database
 * so every instance counts together). A locked account answers "rate limited" without checking the password, so
 * guessing on doesn't help; an unknown email costs the same time as a wrong password.
 */
export async function checkCredentials(
  db: Db,
  raw: { email: unknown; password: unknown },
  address: string,
  now = new Date(),
): Promise<CredentialsResult> {
  const parsed = signInSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const email = normalizeEmail(parsed.data.email);
  const keys = { account: accountKey(email), address: addressKey(address) };

  const locked = await lockedUntil(db, [keys.account, keys.address], now);
  if (locked) return rateLimited(locked, now);

  const user = await findUserByEmail(db, email);
  let valid = false;
  if (user?.passwordHash) valid = await verifyPassword(parsed.data.password, user.passwordHash);
  else await burnPasswordCheck(parsed.data.password);

  if (!valid) {
    const [a, b] = await Promise.all([
      recordFailure(db, keys.account, ACCOUNT_POLICY, now),
      recordFailure(db, keys.address, ADDRESS_POLICY, now),
    ]);
    const until = a && b ? (a > b ? a : b) : (a ?? b);
    return until ? rateLimited(until, now) : { ok: false, reason: "invalid" };
  }
  await clearFailures(db, keys.account);
  // A hash made with older scrypt parameters is upgraded now, while the password is at hand.
  if (user!.passwordHash && needsRehash(user!.passwordHash))
    await replacePasswordHash(db, user!.id, user!.passwordHash, await hashPassword(parsed.data.password));
  return { ok: true, user: user! };
}

function rateLimited(until: Date, now: Date): CredentialsResult {
  return {
    ok: false,
    reason: "rate_limited",
    retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
  };
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
