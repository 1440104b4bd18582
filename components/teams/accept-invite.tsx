"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { FormAlert } from "@/components/common/form-alert";
import { Button } from "@/components/ui/button";
import { useActionMutation } from "@/lib/query/mutation";
import { acceptInviteAction } from "@/lib/teams/actions";
import { ROLE_WORD, type TeamRole } from "@/lib/teams/roles";

/** The invite page's one button: join the team with the invite's role, then work in it. */
export function AcceptInvite({ token, role }: { token: string; role: TeamRole }) {
  const router = useRouter();
  const accept = useActionMutation(() => acceptInviteAction({ token }), {
    resetsAll: true,
    onSuccess: (team) => {
      toast.success(`You joined ${team.name}`, { description: "You now work in it: its clusters, its key." });
      router.push("/clusters");
    },
  });
  return (
    <div className="flex flex-col items-center gap-4">
      <Button onClick={() => accept.mutate()} disabled={accept.isPending || accept.isSuccess}>
        {accept.isPending ? "Joining…" : `Join as ${ROLE_WORD[role].toLowerCase()}`}
      </Button>
      {accept.isError ? <FormAlert message={accept.error.message} /> : null}
    </div>
  );
}
