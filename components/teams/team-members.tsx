import { Badge } from "@/components/ui/badge";
import { ROLE_WORD, type TeamRole } from "@/lib/teams/roles";

/** A team's members with their roles. */
export function TeamMembers({
  members,
  you,
}: {
  members: { userId: string; email: string; name: string | null; role: TeamRole }[];
  you: string;
}) {
  return (
    <ul className="divide-y rounded-lg border" aria-label="Members">
      {members.map((m) => (
        <li key={m.userId} className="flex items-center gap-3 px-4 py-3 text-sm" data-testid="member-row">
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="truncate font-medium">
              {m.name || m.email}
              {m.userId === you ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
            </span>
            {m.name ? <span className="truncate text-[13px] text-muted-foreground">{m.email}</span> : null}
          </span>
          <Badge variant={m.role === "owner" ? "brand" : "outline"}>{ROLE_WORD[m.role]}</Badge>
        </li>
      ))}
    </ul>
  );
}
