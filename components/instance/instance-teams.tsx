import { RoleBadge } from "@/components/teams/role-options";
import type { InstanceTeam } from "@/lib/instance/server/instance-admin";
import { formatDateTime } from "@/lib/format/date";

/** Every shared team on the instance with its members and their roles: what the administrator sees (never a key). */
export function InstanceTeams({ teams }: { teams: InstanceTeam[] }) {
  if (teams.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No shared teams yet: everyone works with their own keys.
      </p>
    );
  return (
    <ul className="flex flex-col gap-3">
      {teams.map((t) => (
        <li key={t.teamId} className="rounded-lg border bg-card shadow-xs" data-testid="instance-team">
          <div className="flex flex-wrap items-baseline justify-between gap-2 border-b px-4 py-2.5">
            <h3 className="text-sm font-semibold break-words">{t.name}</h3>
            <span className="text-xs text-muted-foreground">
              {t.members.length} member{t.members.length === 1 ? "" : "s"} · made{" "}
              {formatDateTime(t.createdAt)}
            </span>
          </div>
          <ul className="divide-y">
            {t.members.map((m) => (
              <li key={m.email} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
                <span className="min-w-0 break-words">{m.name ? `${m.name} (${m.email})` : m.email}</span>
                <RoleBadge role={m.role} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
