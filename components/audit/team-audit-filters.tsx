import { Button, buttonVariants } from "@/components/ui/button";
import { FormField } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { AUDIT_ACTIONS } from "@/lib/vocabulary/audit-actions";
import { auditFilterQuery, type AuditFilter } from "@/lib/audit/audit";
import { ACTION_LABEL } from "./audit-table";

/**
 * The team log's filters: a plain GET form, so a filtered log is a link to share and works before any script runs.
 */
export function TeamAuditFilters({
  filter,
  people,
  clusters,
  csvHref,
}: {
  filter: AuditFilter;
  people: { userId: string; email: string; name: string | null }[];
  /** The clusters the log names; one the link names that is not among them is still offered, by its id. */
  clusters: { clusterId: string; name: string | null }[];
  /** The log as shown, as a CSV download. */
  csvHref: string;
}) {
  const clusterChoices =
    filter.cluster && !clusters.some((c) => c.clusterId === filter.cluster)
      ? [{ clusterId: filter.cluster, name: null }, ...clusters]
      : clusters;
  return (
    // Keyed by the filter: a link to another filter (a cluster's history) is a client-side navigation to the same page,
    // and the selects, uncontrolled, would keep showing the last one.
    <form
      key={auditFilterQuery(filter)}
      method="get"
      aria-label="Filter the log"
      className="mb-4 grid items-end gap-3 sm:grid-cols-3 lg:grid-cols-[14rem_12rem_14rem_auto] lg:justify-start"
    >
      <FormField id="audit-person" label="Person">
        <NativeSelect id="audit-person" name="person" defaultValue={filter.person ?? ""}>
          <option value="">Everyone</option>
          {people.map((p) => (
            <option key={p.userId} value={p.userId}>
              {p.name ? `${p.name} (${p.email})` : p.email}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="audit-action" label="Action">
        <NativeSelect id="audit-action" name="action" defaultValue={filter.action ?? ""}>
          <option value="">Every action</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {ACTION_LABEL[a].label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="audit-cluster" label="Cluster">
        <NativeSelect id="audit-cluster" name="cluster" defaultValue={filter.cluster ?? ""}>
          <option value="">Every cluster</option>
          {clusterChoices.map((c) => (
            <option key={c.clusterId} value={c.clusterId}>
              {c.name ? `${c.name} (${c.clusterId})` : c.clusterId}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" variant="outline">
          Show
        </Button>
        <a href={csvHref} download className={buttonVariants({ variant: "ghost" })}>
          Download CSV
        </a>
      </div>
    </form>
  );
}
