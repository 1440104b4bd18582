import "server-only";
import type { Db } from "@/lib/server/db/client";
import { createUser, findUserByEmail, normalizeEmail } from "@/lib/accounts/server/users";
import { hashPassword, isPasswordHashingBusy } from "@/lib/accounts/server/password";
import { takeSignUpAttempt } from "./rate-limits";
import { passwordWeakness } from "./password-strength";
import { newAccountRefusal } from "./sign-up-mode";

export type SignUpResult =
  /**
   * The answer a person sees is the same for both outcomes (no one learns here whether an address has an account):
   * `created`, or `known` — the address had an account, nothing was made, and its owner may be told (the notice).
   */
  | { ok: true; outcome: "created" }
  | { ok: true; outcome: "known"; userId: string }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number }
  /** The server's password hashing is saturated (crypto/password.ts): nothing was created; try again shortly. */
  | { ok: false; reason: "busy"; retryAfterSeconds: number }
  | { ok: false; reason: "weak_password"; message: string }
  /** SIGN_UP_DOMAINS does not list the address's domain. */
  | { ok: false; reason: "domain_not_allowed"; message: string }
  /** The sign-up mode makes no account for this address (SIGN_UP: invite without an invite, or off). */
  | { ok: false; reason: "sign_up_closed"; message: string };

/**
 * Creates an account from already validated input. In this order, cheapest first: the per-address allowance (so
 * the form can't be used to test thousands of emails, or to create thousands of accounts), the allowed email domains
 * and the sign-up mode, the password's strength — none of which depends on whether the address has an account —
 * then the expensive scrypt hash, then the insert, whose unique index decides a race between two sign-ups with one
 * email. An address that has an account is hashed for too, so the answer takes as long either way.
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
  const known = await findUserByEmail(db, email);
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(input.password);
  } catch (err) {
    if (!isPasswordHashingBusy(err)) throw err;
    return { ok: false, reason: "busy", retryAfterSeconds: err.retryAfterSeconds };
  }
  if (known) return { ok: true, outcome: "known", userId: known.id };
  const created = await createUser(db, { email, name: input.name, passwordHash });
  if (created.ok) return { ok: true, outcome: "created" };
  const winner = await findUserByEmail(db, email);
  if (!winner) throw new Error("sign-up lost a race to an account that is gone");
  return { ok: true, outcome: "known", userId: winner.id };
}

export function tooManySignUpsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many accounts were created from your network. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
