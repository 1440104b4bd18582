import { InfoIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { billedButNotReady, billedRate, costSoFar, hourlyRate, isFinished } from "@/lib/spend/cluster-cost";
import type { RateSegment } from "@/lib/spend/ledger";
import { formatDateTime } from "@/lib/format/date";
import { formatHourly, formatUsd } from "@/lib/format/money";
import type { Cluster } from "@/lib/runcrate/schemas";

/** Rate, billed since, nodes billed, and the cost so far ticking every second between polls. */
export function BillingCard({
  cluster,
  now,
  segments,
}: {
  cluster: Cluster;
  now: number;
  /** The spend record's rate segments of this cluster, when the server has them. */
  segments?: readonly RateSegment[] | null;
}) {
  const cost = costSoFar(cluster, now, segments);
  const finished = isFinished(cluster);
  const rate = hourlyRate(cluster);
  const billed = billedRate(cluster);
  const neverUp = cost.since === null;
  return (
    <Card data-testid="billing-card">
      <CardHeader>
        <CardTitle>
          <h2>Billing</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div>
          <p className="text-xs text-muted-foreground">
            {finished && !neverUp ? "Total cost" : "Cost so far"}
          </p>
          <p className="text-2xl font-semibold tabular-nums" data-testid="cost-so-far" aria-live="off">
            {formatUsd(cost.amount)}
          </p>
          {cost.estimated && (
            <p className="text-xs text-muted-foreground" data-testid="cost-estimated">
              estimated: billed time × {formatHourly(rate)}; the rate history of this cluster is not recorded
            </p>
          )}
          {cost.billing && (
            <p className="text-xs text-muted-foreground">accruing at {formatHourly(billed)}</p>
          )}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Hourly rate</dt>
          <dd className="tabular-nums">
            {formatHourly(rate)}{" "}
            <span className="text-xs text-muted-foreground">
              ({formatHourly(cluster.hourly_rate_per_node)} × {cluster.node_count})
            </span>
          </dd>
          <dt className="text-muted-foreground">Billed since</dt>
          <dd>{neverUp ? "not started" : formatDateTime(cluster.billing?.billed_since ?? cluster.up_at)}</dd>
          <dt className="text-muted-foreground">Nodes billed</dt>
          <dd className="tabular-nums" data-testid="nodes-billed">
            {finished
              ? neverUp
                ? 0
                : `none now (${cluster.node_count} until it ended)`
              : (cluster.billing?.nodes_billed ?? (neverUp ? 0 : cluster.node_count))}
          </dd>
        </dl>
        {billedButNotReady(cluster) && (
          <p
            role="note"
            className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
            data-testid="billed-not-ready"
          >
            <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
            Billing has started: every machine is up, but the stack is still being installed, so the cluster
            is not ready yet.
          </p>
        )}
        {neverUp && cluster.status === "provisioning" && (
          <p className="text-sm text-muted-foreground">
            Nothing is billed until every machine is up. If any machine fails, nothing is billed at all.
          </p>
        )}
        {neverUp && cluster.status === "failed" && (
          <p className="text-sm">The cluster never came up, so nothing was billed.</p>
        )}
      </CardContent>
    </Card>
  );
}
