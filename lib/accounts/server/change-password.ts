import "server-only";
import type { Db } from "@/lib/server/db/client";
import { findUserById, replacePasswordHash } from "@/lib/accounts/server/users";
import { hashPassword, isPasswordHashingBusy, verifyPassword } from "@/lib/accounts/server/password";
import { takeSignInAttempt } from "./rate-limits";
import { passwordWeakness } from "./password-strength";
import { revokeSessions } from "./session-version";

export type ChangePasswordResult =
  | { ok: true; email: string }
  | { ok: false; reason: "no_password" | "wrong_password" | "same_password" }
  | { ok: false; reason: "weak_password"; message: string }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number }
  | { ok: false; reason: "busy"; retryAfterSeconds: number };

/**
 * Changes a signed-in user's password: the current one must be right (wrong guesses count against the same
 * (account, address) limit as sign-in), the new one strong enough; then every session of the account is ended
 * (revokeSessions), so a session someone else holds does not outlive the change.
 */
export async function changePassword(
  db: Db,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  address: string,
): Promise<ChangePasswordResult> {
  const user = await findUserById(db, userId);
  if (!user?.passwordHash) return { ok: false, reason: "no_password" };
  // Taken before the check, like a sign-in (credentials.ts): a burst of guesses is counted as it arrives.
  const attempt = await takeSignInAttempt(db, user.email, address);
  if (attempt.refused) return { ok: false, reason: "rate_limited", ...attempt.refused };
  let right: boolean;
  try {
    right = await verifyPassword(input.currentPassword, user.passwordHash);
  } catch (err) {
    if (!isPasswordHashingBusy(err)) throw err;
    await attempt.giveBack();
    return { ok: false, reason: "busy", retryAfterSeconds: err.retryAfterSeconds };
  }
  if (!right) {
    const limited = await attempt.failed();
    return limited
      ? { ok: false, reason: "rate_limited", ...limited }
      : { ok: false, reason: "wrong_password" };
  }
  await attempt.succeeded();
  if (input.newPassword === input.currentPassword) return { ok: false, reason: "same_password" };
  const weak = passwordWeakness(input.newPassword, [
    user.email,
    user.email.split("@")[0] ?? "",
    user.name ?? "",
  ]);
  if (weak) return { ok: false, reason: "weak_password", message: weak };
  let hash: string;
  try {
    hash = await hashPassword(input.newPassword);
  } catch (err) {
    if (!isPasswordHashingBusy(err)) throw err;
    return { ok: false, reason: "busy", retryAfterSeconds: err.retryAfterSeconds };
  }
  const changed = await replacePasswordHash(db, user.id, user.passwordHash, hash);
  // Changed concurrently by another request: that one wins, and this one asks to try again.
  if (!changed) return { ok: false, reason: "wrong_password" };
  await revokeSessions(db, user.id);
  return { ok: true, email: user.email };
}

/** Whether the account has a password here (not only GitHub/OIDC), i.e. whether Settings offers to change it. */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  return !!(await findUserById(db, userId))?.passwordHash;
}
