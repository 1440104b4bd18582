import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/accounts/auth-card";
import { ExternalSignIn } from "@/components/accounts/external-sign-in";
import { SignInForm } from "@/components/accounts/sign-in-form";
import { safeCallbackPath } from "@/lib/accounts/callback-url";
import { externalSignInError } from "@/lib/accounts/external-errors";
import { enabledExternalProviders } from "@/lib/accounts/server/providers";
import { getSessionUser } from "@/lib/accounts/server/session";
import { signUpMode } from "@/lib/accounts/server/sign-up-mode";
import { getDb } from "@/lib/server/db/client";
import type { SearchParams } from "nuqs/server";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl, "");
  if (await getSessionUser()) redirect(callbackUrl || "/");
  const registered = params.registered === "1";
  const signUpOff = (await signUpMode(await getDb())) === "off";
  const signUpHref = callbackUrl ? `/sign-up?${new URLSearchParams({ callbackUrl })}` : "/sign-up";
  return (
    <AuthCard
      title="Sign in to Clusterdeck"
      description="Launch and manage your Runcrate GPU clusters."
      footer={
        // With sign-up off there is no account to create; invited people still need the link.
        signUpOff ? (
          "This Clusterdeck takes no new accounts."
        ) : (
          <>
            New here?{" "}
            <Link href={signUpHref} className="font-medium text-brand underline-offset-4 hover:underline">
              Create an account
            </Link>
          </>
        )
      }
    >
      <div className="flex flex-col gap-6">
        {params["signed-out"] === "1" ? (
          <p
            role="status"
            className="rounded-md border border-success/30 bg-success/10 px-3 py-2 text-sm text-foreground"
          >
            You’re signed out. Sign in again to get back to your clusters.
          </p>
        ) : null}
        {registered ? (
          // The same words whether the address was new or already had an account (sign-up.ts says why).
          <p
            role="status"
            className="rounded-md border border-success/30 bg-success/10 px-3 py-2 text-sm text-foreground"
          >
            Sign in to finish: use the password you just chose. If this address already had an account, use
            that account’s password.
          </p>
        ) : null}
        <SignInForm
          callbackUrl={callbackUrl || undefined}
          initialError={externalSignInError(params.error)}
          registered={registered}
        />
        <ExternalSignIn providers={enabledExternalProviders()} callbackUrl={callbackUrl || undefined} />
      </div>
    </AuthCard>
  );
}
