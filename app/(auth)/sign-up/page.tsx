import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/accounts/auth-card";
import { ExternalSignIn } from "@/components/accounts/external-sign-in";
import { SignUpForm } from "@/components/accounts/sign-up-form";
import { safeCallbackPath } from "@/lib/accounts/callback-url";
import { enabledExternalProviders } from "@/lib/accounts/server/providers";
import { getSessionUser } from "@/lib/accounts/server/session";
import { signUpMode } from "@/lib/accounts/server/sign-up-mode";
import { SIGN_UP_CLOSED } from "@/lib/accounts/messages";
import { getDb } from "@/lib/server/db/client";
import type { SearchParams } from "nuqs/server";

export const metadata: Metadata = { title: "Create account" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl, "");
  if (await getSessionUser()) redirect(callbackUrl || "/");
  const signInHref = callbackUrl ? `/sign-in?${new URLSearchParams({ callbackUrl })}` : "/sign-in";
  const signInLink = (
    <>
      Already have an account?{" "}
      <Link href={signInHref} className="font-medium text-brand underline-offset-4 hover:underline">
        Sign in
      </Link>
    </>
  );
  // SIGN_UP (lib/accounts/server/sign-up-mode.ts): closed, the page says so instead of offering a form that would refuse.
  const mode = await signUpMode(await getDb());
  if (mode === "off")
    return <AuthCard title="Sign-up is closed" description={SIGN_UP_CLOSED.off} footer={signInLink} />;
  return (
    <AuthCard
      title="Create your account"
      description={
        mode === "invite"
          ? "By invitation: sign up with the email address your invite was sent to."
          : "Then add a Runcrate API key to start launching clusters."
      }
      footer={signInLink}
    >
      <div className="flex flex-col gap-6">
        <SignUpForm callbackUrl={callbackUrl || undefined} />
        <ExternalSignIn providers={enabledExternalProviders()} callbackUrl={callbackUrl || undefined} />
      </div>
    </AuthCard>
  );
}
