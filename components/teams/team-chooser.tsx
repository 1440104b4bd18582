"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useChooseTeam } from "@/components/teams/use-team-actions";
import { ROLE_WORD, type TeamMembership } from "@/lib/teams/roles";

/** Settings → Team: the person's teams, the one they work in marked, each one a click away. */
export function TeamChooser({ teams, activeId }: { teams: TeamMembership[]; activeId: string }) {
  const choose = useChooseTeam();
  const choosing = choose.isPending ? choose.variables.teamId : null;
  return (
    <ul className="divide-y rounded-lg border" aria-label="Your teams">
      {teams.map((t) => {
        const on = t.teamId === activeId;
        return (
          <li key={t.teamId} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="team-row">
            <div className="flex min-w-0 flex-1 items-center gap-2">
              <span className="truncate font-medium">{t.personal ? "Your own keys" : t.name}</span>
              <Badge variant="outline">{t.personal ? "Personal" : ROLE_WORD[t.role]}</Badge>
              {on && <Badge variant="brand">Working here</Badge>}
            </div>
            {!on && (
              <Button
                size="sm"
                variant="outline"
                disabled={choosing !== null}
                onClick={() => choose.mutate(t)}
              >
                {choosing === t.teamId ? "Switching…" : t.personal ? "Use my own keys" : "Work in this team"}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
