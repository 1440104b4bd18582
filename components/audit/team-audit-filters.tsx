import { Button, buttonVariants } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { AUDIT_ACTIONS, type AuditFilter } from "@/lib/audit/audit";
import { ACTION_LABEL } from "./audit-table";

/**
 * The team log's filters: a plain GET form, so a filtered log is a link to share and works before any script runs.
 */
export function TeamAuditFilters({
  filter,
  people,
  csvHref,
}: {
  filter: AuditFilter;
  people: { userId: string; email: string; name: string | null }[];
  /** The log as shown, as a CSV download. */
  csvHref: string;
}) {
  return (
    <form method="get" aria-label="Filter the log" className="mb-4 flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="audit-person" className="text-sm font-medium">
          Person
        </label>
        <NativeSelect
          id="audit-person"
          name="person"
          defaultValue={filter.person ?? ""}
          className="w-64 max-w-full"
        >
          <option value="">Everyone</option>
          {people.map((p) => (
            <option key={p.userId} value={p.userId}>
              {p.name ? `${p.name} (${p.email})` : p.email}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="audit-action" className="text-sm font-medium">
          Action
        </label>
        <NativeSelect
          id="audit-action"
          name="action"
          defaultValue={filter.action ?? ""}
          className="w-52 max-w-full"
        >
          <option value="">Every action</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {ACTION_LABEL[a].label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline">
        Show
      </Button>
      <a href={csvHref} download className={buttonVariants({ variant: "ghost" })}>
        Download CSV
      </a>
    </form>
  );
}
