"use client";

import { toast } from "sonner";
import { chooseTeamAction } from "@/lib/teams/actions";
import type { TeamMembership } from "@/lib/teams/roles";
import { useActionMutation } from "@/lib/query/mutation";

/**
 * Working in another team (the header's switcher, Settings → Team). Everything cached was read with the other team's
 * key, so every query is read again; the server-rendered pages refresh by the action's revalidation.
 */
export function useChooseTeam() {
  return useActionMutation((team: TeamMembership) => chooseTeamAction({ teamId: team.teamId }), {
    resetsAll: true,
    onSuccess: (team) =>
      toast.success(team.personal ? "Now using your own keys" : `Now working in the team “${team.name}”`),
    onError: (failure) => toast.error(failure.message),
  });
}
