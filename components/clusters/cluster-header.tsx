"use client";

import { ChevronLeftIcon } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format/date";
import { hourlyRate } from "@/lib/spend/cluster-cost";
import { stackLabel, stackStatusInfo, statusInfo } from "@/lib/clusters/status";
import { formatHourly } from "@/lib/format/money";
import { deploymentLabel, hostTierLabel, interconnectKindLabel, linkRateLabel } from "@/lib/offers/labels";
import type { Cluster } from "@/lib/runcrate/schemas";
import { clusterBadgeLabel } from "@/lib/clusters/status";
import { StatusBadge, toneVariant } from "./status-badge";

/** Name, status with its meaning, stack state, the offer's facts and the lifecycle timestamps. */
export function ClusterHeader({
  cluster,
  actions,
  live,
  stale,
}: {
  cluster: Cluster;
  actions: React.ReactNode;
  /** The small "updated N s ago" line, top right. */
  live: React.ReactNode;
  /** The stale-data warning, full width under the facts, when reads keep failing. */
  stale: React.ReactNode;
}) {
  const info = statusInfo(cluster.status);
  const stack = stackStatusInfo(cluster.stack_status);
  const ic = cluster.interconnect;
  const place = [cluster.location, cluster.country_code].filter(Boolean).join(", ");
  return (
    <header className="flex flex-col gap-3">
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
        <Link
          href="/clusters"
          className="inline-flex w-fit items-center gap-1 text-xs text-muted-foreground hover:text-foreground"
        >
          <ChevronLeftIcon aria-hidden="true" className="size-3.5" />
          All clusters
        </Link>
        {live}
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="truncate text-xl font-semibold tracking-tight">{cluster.name}</h1>
            <StatusBadge status={cluster.status} label={clusterBadgeLabel(cluster)} withMeaning={false} />
          </div>
          <p className="max-w-3xl text-sm text-muted-foreground" data-testid="status-meaning">
            {info.meaning}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">{actions}</div>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
        <Fact label="Stack">
          <span className="inline-flex flex-wrap items-center gap-1.5">
            {stackLabel(cluster.stack)}
            {cluster.stack !== "none" && cluster.stack_status && (
              <Badge variant={toneVariant(stack.tone)} className="px-1.5 py-0 text-[11px]">
                {stack.label}
              </Badge>
            )}
          </span>
          {cluster.stack_detail && (
            <span className="block text-xs text-muted-foreground">{cluster.stack_detail}</span>
          )}
        </Fact>
        <Fact label="GPUs">
          <span className="wrap-anywhere">
            {cluster.gpus_per_node}× {cluster.gpu_type} × {cluster.node_count} nodes
          </span>
          <span className="block text-xs text-muted-foreground">
            {cluster.gpus_per_node * cluster.node_count} GPUs in all
          </span>
        </Fact>
        <Fact label="Interconnect">
          {ic ? (ic.label ?? interconnectKindLabel(ic.kind)) : "—"}
          {ic?.rate_gbps != null && (
            <span className="block text-xs text-muted-foreground tabular-nums">
              {linkRateLabel(ic.rate_gbps)}
            </span>
          )}
        </Fact>
        <Fact label="Location">
          {place || "—"}
          <span className="block text-xs text-muted-foreground">
            {[
              cluster.host_tier && hostTierLabel(cluster.host_tier),
              cluster.deployment_type && deploymentLabel(cluster.deployment_type),
            ]
              .filter(Boolean)
              .join(" · ") || "—"}
          </span>
        </Fact>
        <Fact label="Rate">
          <span className="tabular-nums">{formatHourly(hourlyRate(cluster))}</span>
          <span className="block text-xs text-muted-foreground tabular-nums">
            {formatHourly(cluster.hourly_rate_per_node)} per node
          </span>
        </Fact>
      </dl>
      <p
        className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted-foreground tabular-nums"
        data-testid="timestamps"
      >
        <span>Created {formatDateTime(cluster.created_at)}</span>
        {cluster.up_at && <span>Up {formatDateTime(cluster.up_at)}</span>}
        {cluster.ready_at && <span>Ready {formatDateTime(cluster.ready_at)}</span>}
        {cluster.terminated_at && <span>Terminated {formatDateTime(cluster.terminated_at)}</span>}
      </p>
      {stale}
    </header>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
