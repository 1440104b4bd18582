import { KeyRoundIcon } from "lucide-react";
import Link from "next/link";
import { StatusMessage } from "@/components/shell/status-message";
import { Button } from "@/components/ui/button";

/** Shown instead of cluster data when the signed-in user has no Runcrate key yet. */
export function NoKeyYet() {
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
