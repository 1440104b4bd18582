import type { Metadata } from "next";
import { TimerIcon, ShieldAlertIcon } from "lucide-react";
import { redirect } from "next/navigation";
import { StatusMessage } from "@/components/shell/status-message";
import { ExtendByLinkButton } from "@/components/limits/extend-buttons";
import { getSessionUser } from "@/lib/accounts/server/session";
import { checkExtendLink } from "@/lib/limits/server/extend-links";
import { formatMinutes } from "@/lib/format/duration";

export const metadata: Metadata = { title: "Extend a cluster", referrer: "no-referrer" };

/**
 * /extend/{token}: the Extend link in a limit warning's email or webhook. Signed in as the cluster's owner it was sent
 * to, a press extends it; a link altered, expired, used or someone else's says why and changes nothing.
 */
export default async function ExtendLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/extend/${token}`)}`);
  const checked = checkExtendLink(token, user.id);
  if (!checked.ok)
    return (
      <StatusMessage icon={<ShieldAlertIcon />} title="This link extends nothing">
        {checked.message}
      </StatusMessage>
    );
  const { link } = checked;
  return (
    <StatusMessage
      icon={<TimerIcon />}
      title={`Extend the cluster by ${formatMinutes(link.minutes)}?`}
      actions={<ExtendByLinkButton token={token} minutes={link.minutes} clusterId={link.clusterId} />}
    >
      Its time limit grows by {formatMinutes(link.minutes)}, and a budget limit by what it costs in that time.
      The team&rsquo;s policy and budgets still hold: past them, you can ask its admins to approve it.
    </StatusMessage>
  );
}
