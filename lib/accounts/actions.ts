"use server";

import { CredentialsSignin } from "next-auth";
import type { z } from "zod";
import { redirect, unstable_rethrow } from "next/navigation";
import { ActionError, fieldErrorsOf, type ActionResult } from "@/lib/server/action-error";
import { SIGNED_OUT_MESSAGE, userAction } from "@/lib/accounts/server/user-action";
import { changePassword } from "@/lib/accounts/server/change-password";
import { headers } from "next/headers";
import { getDb } from "@/lib/server/db/client";
import { clientAddress } from "@/lib/server/client-address";
import { registerUser, tooManySignUpsMessage } from "@/lib/accounts/server/sign-up";
import { requestKnownAddressNotice } from "@/lib/accounts/server/known-address-notice";
import { safeCallbackPath } from "@/lib/accounts/callback-url";
import { invalidateUserContext } from "@/lib/server/user-context-cache";
import { signIn, signOut } from "@/lib/accounts/server/config";
import { sessionUserId } from "@/lib/accounts/server/session";
import { revokeSessions } from "@/lib/accounts/server/session-version";
import { PASSWORD_CHECKS_BUSY_MESSAGE, tooManyAttemptsMessage } from "@/lib/accounts/server/credentials";
import { WRONG_CREDENTIALS } from "@/lib/accounts/messages";
import { enabledExternalProviders } from "@/lib/accounts/server/providers";
import { changePasswordSchema } from "@/lib/accounts/password-schema";
import { signInSchema, signUpSchema, type SignInInput, type SignUpInput } from "@/lib/accounts/schemas";
import { sendVerificationSchema, VERIFY_REFUSED, verifyEmailSchema } from "@/lib/accounts/email-verification";
import { emailStatus, requestVerification, verifyEmail } from "@/lib/accounts/server/email-verification";
import { emailConfig } from "@/lib/server/email";
import { processEngine } from "@/lib/server/jobs/process-engine";
import { appOrigin } from "@/lib/server/app-origin";
import { mailOrigin } from "@/lib/server/mail-origin";
import { rememberAdminOrigin } from "@/lib/accounts/server/instance-admin";
import { revalidatePath } from "next/cache";
import { errorSummary } from "@/lib/server/db/errors";
import { requestLog } from "@/lib/server/request-log";

const INTERNAL = "Signing in failed because of a problem on the Clusterdeck server. Try again in a moment.";

type FormResult = ActionResult<null>;

function invalid(error: z.core.$ZodError): FormResult {
  const fieldErrors = fieldErrorsOf(error);
  return { ok: false, kind: "invalid-input", error: "Check the highlighted fields.", fieldErrors };
}

/** Maps a refused credentials sign-in to the form's message. */
function refusal(err: CredentialsSignin): FormResult {
  const match = /^(rate_limited|busy):(\d+)$/.exec(err.code);
  if (match) {
    const retryAfterSeconds = Number(match[2]);
    return {
      ok: false,
      kind: "rate_limited",
      error: match[1] === "busy" ? PASSWORD_CHECKS_BUSY_MESSAGE : tooManyAttemptsMessage(retryAfterSeconds),
      retryAfterSeconds,
    };
  }
  return { ok: false, kind: "unauthorized", error: WRONG_CREDENTIALS };
}

export async function signInAction(input: SignInInput, callbackUrl?: string): Promise<FormResult> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  try {
    await signIn("credentials", { ...parsed.data, redirect: false });
    await rememberAdminOrigin(await getDb(), parsed.data.email);
  } catch (err) {
    if (err instanceof CredentialsSignin) return refusal(err);
    unstable_rethrow(err);
    (await requestLog("auth")).error({ err: errorSummary(err) }, "sign-in failed");
    return { ok: false, kind: "internal", error: INTERNAL };
  }
  redirect(safeCallbackPath(callbackUrl));
}

export async function signUpAction(input: SignUpInput, callbackUrl?: string): Promise<FormResult> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { email, password, name } = parsed.data;
  try {
    const db = await getDb();
    const result = await registerUser(
      db,
      { email, name: name ?? null, password },
      clientAddress(await headers()),
    );
    if (!result.ok) {
      if (result.reason === "rate_limited") {
        const { retryAfterSeconds } = result;
        return {
          ok: false,
          kind: "rate_limited",
          error: tooManySignUpsMessage(retryAfterSeconds),
          retryAfterSeconds,
        };
      }
      if (result.reason === "busy")
        return {
          ok: false,
          kind: "rate_limited",
          error: PASSWORD_CHECKS_BUSY_MESSAGE,
          retryAfterSeconds: result.retryAfterSeconds,
        };
      if (result.reason === "domain_not_allowed")
        return {
          ok: false,
          kind: "invalid-input",
          error: "Check the highlighted fields.",
          fieldErrors: { email: result.message },
        };
      if (result.reason === "sign_up_closed") return { ok: false, kind: "forbidden", error: result.message };
      return {
        ok: false,
        kind: "invalid-input",
        error: "Check the highlighted fields.",
        fieldErrors: { password: result.message },
      };
    }
    // The address had an account: nothing was made, its owner is told by email, and the answer is the one a new
    // account gets — the form tells no one whether an address has an account here.
    // The first account is the person installing: their origin becomes the instance's for mail (never a known
    // address's: anyone may type one).
    if (result.outcome === "created") await rememberAdminOrigin(db, email);
    const origin = result.outcome === "known" && emailConfig() ? await mailOrigin(db) : null;
    if (result.outcome === "known" && origin)
      await requestKnownAddressNotice((await processEngine()).boss, result.userId, origin);
  } catch (err) {
    unstable_rethrow(err);
    (await requestLog("auth")).error({ err: errorSummary(err) }, "sign-up failed");
    return {
      ok: false,
      kind: "internal",
      error:
        "Creating the account failed because of a problem on the Clusterdeck server. Try again in a moment.",
    };
  }
  // Signing in is the next step, on its own page and under its own limits, for a new address and a known one alike.
  // A new account has no key yet: settings is where it gets one.
  const next = callbackUrl ? safeCallbackPath(callbackUrl, "/settings/keys") : "/settings/keys";
  redirect(`/sign-in?${new URLSearchParams({ registered: "1", callbackUrl: next })}`);
}

/**
 * Signs out by ending every session of this account (the session version goes up, session-version.ts): a copied
 * cookie stops working too, on every instance within seconds. Settings' "Sign out everywhere" is the same action.
 */
export async function signOutAction(): Promise<void> {
  const id = await sessionUserId();
  if (id) {
    await revokeSessions(await getDb(), id);
    // Nothing of this user's stays memoised in this process once they sign out.
    invalidateUserContext(id);
  }
  // The sign-in page says so (`?signed-out`), so a person knows the click worked.
  await signOut({ redirectTo: "/sign-in?signed-out=1" });
}

/** Settings' "Sign out everywhere" (a form action): the same revocation as signing out. */
export async function signOutEverywhereAction(): Promise<void> {
  await signOutAction();
}

/**
 * Settings → Password. Ends every session of the account (change-password.ts), then signs this browser in again
 * with the new password, so only the device that made the change stays signed in.
 */
export const changePasswordAction = userAction(
  changePasswordSchema,
  async function changePasswordAction(input, { user }) {
    const result = await changePassword(await getDb(), user.id, input, clientAddress(await headers()));
    if (!result.ok) {
      switch (result.reason) {
        case "rate_limited":
          throw new ActionError(tooManyAttemptsMessage(result.retryAfterSeconds), "rate_limited");
        case "busy":
          throw new ActionError(PASSWORD_CHECKS_BUSY_MESSAGE, "rate_limited");
        case "weak_password":
          throw new ActionError("Check the highlighted fields.", "invalid-input", {
            newPassword: result.message,
          });
        case "same_password":
          throw new ActionError("Check the highlighted fields.", "invalid-input", {
            newPassword: "Choose a password different from the current one.",
          });
        case "no_password":
          throw new ActionError(
            "This account signs in with GitHub or single sign-on and has no password here.",
          );
        default:
          throw new ActionError("Check the highlighted fields.", "invalid-input", {
            currentPassword: "That is not your current password.",
          });
      }
    }
    invalidateUserContext(user.id);
    await signIn("credentials", { email: result.email, password: input.newPassword, redirect: false });
    return null;
  },
);

/** Starts a GitHub/OIDC sign-in; only providers switched on by env are accepted. */
export async function externalSignInAction(provider: string, callbackUrl?: string): Promise<void> {
  if (!enabledExternalProviders().some((p) => p.id === provider)) redirect("/sign-in");
  await signIn(provider, { redirectTo: safeCallbackPath(callbackUrl) });
}

/**
 * Settings → Notifications: sends a link to the person's own address to verify it (by the job queue; at most one a
 * minute however often it is pressed, and a few an hour).
 */
export const sendVerificationEmailAction = userAction(
  sendVerificationSchema,
  async function sendVerificationEmailAction(_input, { user }): Promise<{ email: string }> {
    if (!emailConfig())
      throw new ActionError(
        "This Clusterdeck sends no email (SMTP_URL and SMTP_FROM are not set).",
        "conflict",
      );
    const db = await getDb();
    const status = await emailStatus(db, user.id);
    if (!status) throw new ActionError(SIGNED_OUT_MESSAGE, "unauthenticated");
    if (status.verifiedAt) throw new ActionError(`${status.email} is verified already.`, "conflict");
    const engine = await processEngine();
    // Mail to the requester themselves: the request's own origin may stand in for the instance's.
    await requestVerification(engine.boss, user.id, (await mailOrigin(db)) ?? (await appOrigin()));
    return { email: status.email };
  },
  { throttle: "send-verification" },
);

/** /verify-email/{token}'s button: verifies the signed-in person's address with the link they were sent. */
export const verifyEmailAction = userAction(
  verifyEmailSchema,
  async function verifyEmailAction({ token }, { user }): Promise<{ email: string }> {
    const result = await verifyEmail(await getDb(), token, user.id);
    if (!result.ok)
      throw new ActionError(
        VERIFY_REFUSED[result.reason],
        result.reason === "other_account" ? "forbidden" : "conflict",
      );
    revalidatePath("/settings/inbox");
    return { email: result.email };
  },
);
