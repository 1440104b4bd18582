import type { Metadata } from "next";
import Link from "next/link";
import { MailOpenIcon, UsersIcon } from "lucide-react";
import { redirect } from "next/navigation";
import { StatusMessage } from "@/components/shell/status-message";
import { AcceptInvite } from "@/components/teams/accept-invite";
import { Button } from "@/components/ui/button";
import { getSessionUser } from "@/lib/accounts/server/session";
import { getDb } from "@/lib/server/db/client";
import { ROLE_MEANS, ROLE_WORD } from "@/lib/teams/roles";
import { invitePath } from "@/lib/teams/schemas";
import { invitePage } from "@/lib/teams/server/invites-store";

export const metadata: Metadata = { title: "Team invite", referrer: "no-referrer" };

/** /invite/{token}: an invitation to a team, accepted by the person it names once they are signed in. */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(invitePath(token))}`);
  const page = await invitePage(await getDb(), token, user);
  if (page.state === "open")
    return (
      <StatusMessage
        icon={<UsersIcon />}
        title={`Join ${page.teamName}`}
        actions={<AcceptInvite token={token} role={page.role} />}
      >
        You are invited as {ROLE_WORD[page.role].toLowerCase()}: you can {ROLE_MEANS[page.role]}. The
        team&rsquo;s Runcrate key is used for you; you never see it.
      </StatusMessage>
    );
  const toTeam = (
    <Button asChild variant="outline">
      <Link href="/settings/team">Your teams</Link>
    </Button>
  );
  if (page.state === "member")
    return (
      <StatusMessage icon={<MailOpenIcon />} title={`You are already in ${page.teamName}`} actions={toTeam}>
        Switch to it from the menu in the header, or in Settings → Team.
      </StatusMessage>
    );
  if (page.state === "wrong-email")
    return (
      <StatusMessage icon={<MailOpenIcon />} title="This invite is for someone else">
        It is for {page.email}, and you are signed in as {user.email}. Sign out, then sign in or create an
        account with {page.email} to accept it.
      </StatusMessage>
    );
  return (
    <StatusMessage icon={<MailOpenIcon />} title={page.title} actions={toTeam}>
      {page.message}
    </StatusMessage>
  );
}
