import { KeyRoundIcon } from "lucide-react";
import Link from "next/link";
import { StatusMessage } from "@/components/shell/status-message";
import { Button } from "@/components/ui/button";

/**
 * Shown instead of cluster data when there is no Runcrate key to read with: the person's own (they add one), or, in a
 * shared team, the team's (its admins add it; members are told whom to ask).
 */
export function NoKeyYet({ team = null }: { team?: { name: string; managesKeys: boolean } | null }) {
  if (team)
    return (
      <StatusMessage
        icon={<KeyRoundIcon />}
        title={`${team.name} has no Runcrate key yet`}
        actions={
          <Button asChild>
            <Link href="/settings/team">{team.managesKeys ? "Add the team's key" : "Team settings"}</Link>
          </Button>
        }
      >
        {team.managesKeys
          ? "Add the team's key in Settings → Team: every member then launches and acts with it, and never sees it."
          : "One of the team's admins adds it in Settings → Team. Until then, switch to your own keys from the menu in the header."}
      </StatusMessage>
    );
  return (
    <StatusMessage
      icon={<KeyRoundIcon />}
      title="Add a Runcrate API key first"
      actions={
        <Button asChild>
          <Link href="/settings">Add a key in Settings</Link>
        </Button>
      }
    >
      Clusterdeck uses your own Runcrate key to list and manage clusters. It is stored encrypted and never
      leaves the server.
    </StatusMessage>
  );
}
