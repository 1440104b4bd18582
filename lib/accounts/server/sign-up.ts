import "server-only";
import type { Db } from "@/lib/server/db/client";
import { createUser, findUserByEmail, normalizeEmail } from "@/lib/accounts/server/users";
import { hashPassword, isPasswordHashingBusy } from "@/lib/accounts/server/password";
import { takeSignUpAttempt } from "./rate-limits";
import { passwordWeakness } from "./password-strength";
import { newAccountRefusal } from "./sign-up-mode";

export type SignUpResult =
  | { ok: true }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number }
  /** The server's password hashing is saturated (crypto/password.ts): nothing was created; try again shortly. */
  | { ok: false; reason: "busy"; retryAfterSeconds: number }
  | { ok: false; reason: "weak_password"; message: string }
  /** SIGN_UP_DOMAINS does not list the address's domain. */
  | { ok: false; reason: "domain_not_allowed"; message: string }
  /** The sign-up mode makes no account for this address (SIGN_UP: invite without an invite, or off). */
  | { ok: false; reason: "sign_up_closed"; message: string }
  | { ok: false; reason: "email_taken" };

/**
 * Creates an account from already validated input. In this order, cheapest first: the per-address allowance (so
 * the form can't be used to test thousands of emails, or to create thousands of accounts), the allowed email domains
 * and the sign-up mode (before anything says whether an address has an account), the password's strength, the duplicate check, and only
 * then the expensive scrypt hash. The unique index still decides a race between two
 * sign-ups with one email.
 */
export async function registerUser(
  db: Db,
  input: { email: string; name: string | null; password: string },
  address: string,
): Promise<SignUpResult> {
  const limited = await takeSignUpAttempt(db, address);
  if (limited) return { ok: false, reason: "rate_limited", ...limited };
  const email = normalizeEmail(input.email);
  const refused = await newAccountRefusal(db, email);
  if (refused) return { ok: false, ...refused };
  const weak = passwordWeakness(input.password, [email, email.split("@")[0] ?? "", input.name ?? ""]);
  if (weak) return { ok: false, reason: "weak_password", message: weak };
  if (await findUserByEmail(db, email)) return { ok: false, reason: "email_taken" };
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(input.password);
  } catch (err) {
    if (!isPasswordHashingBusy(err)) throw err;
    return { ok: false, reason: "busy", retryAfterSeconds: err.retryAfterSeconds };
  }
  const created = await createUser(db, { email, name: input.name, passwordHash });
  return created.ok ? { ok: true } : { ok: false, reason: "email_taken" };
}

export function tooManySignUpsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many accounts were created from your network. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
