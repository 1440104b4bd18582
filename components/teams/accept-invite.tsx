"use client";

import { UsersIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { FormAlert } from "@/components/common/form-alert";
import { StatusMessage } from "@/components/shell/status-message";
import { Button } from "@/components/ui/button";
import { useActionMutation } from "@/lib/query/mutation";
import { acceptInviteAction } from "@/lib/teams/actions";
import { ROLE_WORD, type TeamRole } from "@/lib/teams/roles";

const ROLE_MEANS: Record<TeamRole, string> = {
  owner: "everything",
  admin: "manage members and keys, and act on anyone's cluster",
  member: "launch clusters with the team's key and act on your own",
  viewer: "see the team's clusters, costs and tests",
};

/** The invite page's one question: join this team with this role? */
export function AcceptInvite({ token, teamName, role }: { token: string; teamName: string; role: TeamRole }) {
  const router = useRouter();
  const accept = useActionMutation(() => acceptInviteAction({ token }), {
    resetsAll: true,
    onSuccess: (team) => {
      toast.success(`You joined ${team.name}`, { description: "You now work in it: its clusters, its key." });
      router.push("/clusters");
    },
  });
  return (
    <StatusMessage
      icon={<UsersIcon />}
      title={`Join ${teamName}`}
      actions={
        <Button onClick={() => accept.mutate()} disabled={accept.isPending || accept.isSuccess}>
          {accept.isPending ? "Joining…" : `Join as ${ROLE_WORD[role].toLowerCase()}`}
        </Button>
      }
    >
      <p>
        You are invited as {ROLE_WORD[role].toLowerCase()}: you can {ROLE_MEANS[role]}. The team&rsquo;s
        Runcrate key is used for you; you never see it.
      </p>
      {accept.isError ? (
        <div className="mt-4 text-left">
          <FormAlert message={accept.error.message} />
        </div>
      ) : null}
    </StatusMessage>
  );
}
