"use server";

import { CredentialsSignin } from "next-auth";
import type { z } from "zod";
import { redirect, unstable_rethrow } from "next/navigation";
import { fieldErrorsOf, type ActionResult } from "@/lib/actions/safe-action";
import { hashPassword } from "@/lib/server/crypto/password";
import { getDb } from "@/lib/server/db/client";
import { createUser } from "@/lib/server/db/users";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { invalidateUserContext } from "@/lib/server/keys/context-cache";
import { auth, signIn, signOut } from "@/lib/server/auth/config";
import { tooManyAttemptsMessage } from "@/lib/server/auth/credentials";
import { WRONG_CREDENTIALS } from "@/lib/auth/messages";
import { enabledExternalProviders } from "@/lib/server/auth/providers";
import { signInSchema, signUpSchema, type SignInInput, type SignUpInput } from "@/lib/auth/schemas";

const INTERNAL = "Signing in failed because of a problem on the Clusterdeck server. Try again in a moment.";

type FormResult = ActionResult<null>;

function invalid(error: z.ZodError): FormResult {
  const fieldErrors = fieldErrorsOf(error);
  return { ok: false, kind: "invalid-input", error: "Check the highlighted fields.", fieldErrors };
}

/** Maps a refused credentials sign-in to the form's message. */
function refusal(err: CredentialsSignin): FormResult {
  const match = /^rate_limited:(\d+)$/.exec(err.code);
  if (match) {
    const retryAfterSeconds = Number(match[1]);
    return {
      ok: false,
      kind: "rate_limited",
      error: tooManyAttemptsMessage(retryAfterSeconds),
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
  } catch (err) {
    if (err instanceof CredentialsSignin) return refusal(err);
    unstable_rethrow(err);
    console.error(
      `[auth] sign-in failed: ${err instanceof Error ? `${err.name}: ${err.message}` : "unknown"}`,
    );
    return { ok: false, kind: "internal", error: INTERNAL };
  }
  redirect(safeCallbackPath(callbackUrl));
}

export async function signUpAction(input: SignUpInput, callbackUrl?: string): Promise<FormResult> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { email, password, name } = parsed.data;
  try {
    const created = await createUser(await getDb(), {
      email,
      name: name ?? null,
      passwordHash: await hashPassword(password),
    });
    if (!created.ok) {
      return {
        ok: false,
        kind: "conflict",
        error: "An account with this email already exists.",
        fieldErrors: { email: "An account with this email already exists. Sign in instead." },
      };
    }
    await signIn("credentials", { email, password, redirect: false });
  } catch (err) {
    if (err instanceof CredentialsSignin) return refusal(err);
    unstable_rethrow(err);
    console.error(
      `[auth] sign-up failed: ${err instanceof Error ? `${err.name}: ${err.message}` : "unknown"}`,
    );
    return {
      ok: false,
      kind: "internal",
      error:
        "Creating the account failed because of a problem on the Clusterdeck server. Try again in a moment.",
    };
  }
  // A new account has no key yet: settings is where it gets one.
  redirect(callbackUrl ? safeCallbackPath(callbackUrl, "/settings/keys") : "/settings/keys");
}

export async function signOutAction(): Promise<void> {
  // Nothing of this user's stays memoised in this process once they sign out.
  const id = (await auth())?.user?.id;
  if (id) invalidateUserContext(id);
  // The sign-in page says so (`?signed-out`), so a person knows the click worked.
  await signOut({ redirectTo: "/sign-in?signed-out=1" });
}

/** Starts a GitHub/OIDC sign-in; only providers switched on by env are accepted. */
export async function externalSignInAction(provider: string, callbackUrl?: string): Promise<void> {
  if (!enabledExternalProviders().some((p) => p.id === provider)) redirect("/sign-in");
  await signIn(provider, { redirectTo: safeCallbackPath(callbackUrl) });
}
