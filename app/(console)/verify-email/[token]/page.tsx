import type { Metadata } from "next";
import { MailCheckIcon } from "lucide-react";
import { redirect } from "next/navigation";
import { StatusMessage } from "@/components/shell/status-message";
import { VerifyEmailButton } from "@/components/accounts/verify-email-button";
import { getSessionUser } from "@/lib/accounts/server/session";
import { verifyPath } from "@/lib/accounts/email-verification";

export const metadata: Metadata = { title: "Verify your email", referrer: "no-referrer" };

/** /verify-email/{token}: the link mailed to a person's address; they confirm it signed in. */
export default async function VerifyEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(verifyPath(token))}`);
  return (
    <StatusMessage
      icon={<MailCheckIcon />}
      title="Verify your email address"
      actions={<VerifyEmailButton token={token} email={user.email} />}
    >
      Email notifications go only to a verified address. This confirms that {user.email} is yours.
    </StatusMessage>
  );
}
