import { TriangleAlertIcon } from "lucide-react";
import type { Cluster } from "@/lib/runcrate/schemas";
import { failureReasonText } from "./failure-card";

/** A failure_reason on a cluster that is still up: Runcrate reports a problem, the cluster runs and is billed. */
export function FailureWarning({ cluster }: { cluster: Cluster }) {
  return (
    <section
      role="status"
      aria-labelledby="failure-warning-title"
      data-testid="failure-warning"
      className="flex gap-3 rounded-lg border border-warning/40 bg-warning/5 p-4"
    >
      <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id="failure-warning-title" className="font-semibold">
          Runcrate reports a problem with this cluster
        </h2>
        <p className="text-sm">
          {failureReasonText(cluster.failure_reason)}
          <span className="font-mono text-xs text-muted-foreground"> ({cluster.failure_reason})</span>
        </p>
        {cluster.failure_detail && (
          <p className="text-sm break-words text-muted-foreground">{cluster.failure_detail}</p>
        )}
        <p className="text-sm text-muted-foreground">
          The cluster is still {cluster.status || "running"} and billed; terminate it if it is no use to you.
        </p>
      </div>
    </section>
  );
}
