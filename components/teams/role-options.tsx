import { Badge } from "@/components/ui/badge";
import { ROLE_WORD, type TeamRole } from "@/lib/teams/roles";

/** The options of a role picker (members' roles, an invite's, joining by domain), each by its word. */
export function RoleOptions({ roles }: { roles: readonly TeamRole[] }) {
  return roles.map((r) => (
    <option key={r} value={r}>
      {ROLE_WORD[r]}
    </option>
  ));
}

/** A role shown where it cannot be changed: an owner stands out. */
export function RoleBadge({ role }: { role: TeamRole }) {
  return <Badge variant={role === "owner" ? "brand" : "outline"}>{ROLE_WORD[role]}</Badge>;
}
