import { OctagonXIcon } from "lucide-react";
import { costSoFar } from "@/lib/spend/cluster-cost";
import { formatUsd } from "@/lib/format/money";
import type { Cluster } from "@/lib/runcrate/schemas";

/** Plain words for the machine-ish failure_reason codes seen so far; anything else is shown as sent. */
const REASONS: Record<string, string> = {
  capacity: "The provider ran out of machines of this type while starting the cluster.",
  no_capacity: "The provider ran out of machines of this type while starting the cluster.",
  node_failed: "One of the machines failed while booting.",
  node_boot_failed: "One of the machines failed while booting.",
  network_failed: "The machines could not be joined into one private network.",
  network: "The machines could not be joined into one private network.",
  stack_failed: "The cluster stack could not be installed.",
  insufficient_credits: "The workspace ran out of credits.",
  timeout: "The cluster took too long to come up and was given up.",
};

export function failureReasonText(reason: string | null | undefined): string {
  if (!reason) return "Runcrate did not say why.";
  return Object.hasOwn(REASONS, reason) ? REASONS[reason]! : reason.replace(/_/g, " ");
}

/**
 * Why the cluster failed (or was stopped by Runcrate, e.g. out of credits), in plain words, and what it cost —
 * nothing when it never came up.
 */
export function FailureCard({ cluster, now }: { cluster: Cluster; now: number }) {
  const cost = costSoFar(cluster, now);
  return (
    <section
      role="alert"
      aria-labelledby="failure-title"
      data-testid="failure-card"
      className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4"
    >
      <OctagonXIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id="failure-title" className="font-semibold">
          {cluster.status === "failed" ? "This cluster failed to start" : "Runcrate stopped this cluster"}
        </h2>
        <p className="text-sm">
          {failureReasonText(cluster.failure_reason)}
          {cluster.failure_reason && (
            <span className="font-mono text-xs text-muted-foreground"> ({cluster.failure_reason})</span>
          )}
        </p>
        {cluster.failure_detail && (
          <p className="text-sm break-words text-muted-foreground">{cluster.failure_detail}</p>
        )}
        <p className="text-sm font-medium" data-testid="failure-cost">
          {cost.since === null
            ? `Nothing was billed: ${formatUsd(0)}. Clusters start all-or-nothing, so no machine was kept or charged.`
            : `Billed ${formatUsd(cost.amount)} while its machines were up.`}
        </p>
      </div>
    </section>
  );
}
