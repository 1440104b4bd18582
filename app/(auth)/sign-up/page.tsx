import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/accounts/auth-card";
import { ExternalSignIn } from "@/components/accounts/external-sign-in";
import { SignUpForm } from "@/components/accounts/sign-up-form";
import { safeCallbackPath } from "@/lib/accounts/callback-url";
import { enabledExternalProviders } from "@/lib/accounts/server/providers";
import { getSessionUser } from "@/lib/accounts/server/session";
import type { SearchParams } from "nuqs/server";

export const metadata: Metadata = { title: "Create account" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl, "");
  if (await getSessionUser()) redirect(callbackUrl || "/");
  const signInHref = callbackUrl ? `/sign-in?${new URLSearchParams({ callbackUrl })}` : "/sign-in";
  return (
    <AuthCard
      title="Create your account"
      description="Then add a Runcrate API key to start launching clusters."
      footer={
        <>
          Already have an account?{" "}
          <Link href={signInHref} className="font-medium text-brand underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        <SignUpForm callbackUrl={callbackUrl || undefined} />
        <ExternalSignIn providers={enabledExternalProviders()} callbackUrl={callbackUrl || undefined} />
      </div>
    </AuthCard>
  );
}
