"use client";

import { useQueryClient } from "@tanstack/react-query";
import { SearchXIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { StatusMessage } from "@/components/shell/status-message";
import { Button } from "@/components/ui/button";
import { clockSkew } from "@/lib/clusters/clock";
import { mergeEvents, type SeenEvent } from "@/lib/clusters/events";
import { statusInfo } from "@/lib/clusters/status";
import { failureDisplay } from "@/lib/clusters/failure";
import { clusterQueryOptions } from "@/lib/clusters/queries";
import type { RateSegment } from "@/lib/spend/ledger";
import type { NodeCountLimits } from "@/lib/offers/offer-rules";
import type { Cluster, ClusterTest } from "@/lib/runcrate/schemas";
import { ApiTime } from "./api-time";
import { BillingCard } from "@/components/spend/billing-card";
import { ResizeButton, TerminateButton } from "./cluster-action-buttons";
import { ClusterPermissionsProvider, PermissionsNote } from "./cluster-permissions";
import { ALL_ALLOWED, type ClusterPageAction, type ClusterPermissions } from "@/lib/teams/permissions";
import { ClusterHeader } from "./cluster-header";
import { ConnectionCard, StorageCard } from "./connection-card";
import { EventsList } from "./events-list";
import { FailureCard } from "./failure-card";
import { FailureWarning } from "./failure-warning";
import { InspectButton } from "./inspect-button";
import { LiveStatus } from "./live-status";
import { LoadError } from "./load-error";
import { NcclCard } from "./nccl-card";
import { NodesTable } from "./nodes-table";
import { NotifyButton } from "./notify-button";
import { PhaseBar } from "./phase-bar";
import { RelaunchLink } from "./relaunch-link";
import { ClusterDetailSkeleton } from "./skeletons";
import { useClusterNotifications } from "./use-cluster-notifications";
import { useLiveCluster } from "./use-live-query";

export function ClusterDetail({
  id,
  limits,
  limitsLine = null,
  segments = null,
  share = null,
  transfer = null,
  permissions = null,
}: {
  id: string;
  /** What the person may do here (their role, whose cluster it is); null: everything (their own team). */
  permissions?: ClusterPermissions | null;
  limits: NodeCountLimits | null;
  /** Cluster limits: the server-rendered limits line, and the spend record's rate segments for the billing card. */
  limitsLine?: ReactNode;
  segments?: readonly RateSegment[] | null;
  /** The Share button, from the page: sharing builds on clusters, so clusters does not import it. */
  share?: ReactNode;
  /** "Hand on" (an admin's, in a shared team, on a cluster launched here), rendered by the page. */
  transfer?: ReactNode;
}) {
  const { query, meta, notFound } = useLiveCluster(id);
  const qc = useQueryClient();
  const cluster = query.data;
  // The API's clock, as far as the data tells (a browser behind it would show no cost and no elapsed time).
  const skew = useMemo(
    () => (cluster ? clockSkew([cluster], query.dataUpdatedAt) : 0),
    [cluster, query.dataUpdatedAt],
  );
  useClusterNotifications(cluster);
  // When the cluster ends (by its limit, say), render the server's part again: the limits line says why.
  const router = useRouter();
  const ended = cluster ? statusInfo(cluster.status).terminal || cluster.status === "terminating" : false;
  const [endedAtFirst] = useState(ended);
  useEffect(() => {
    if (ended && !endedAtFirst) router.refresh();
  }, [ended, endedAtFirst, router]);

  // Events across polls: remembered from the previous render, so a poll's new arrivals can be marked.
  const [seen, setSeen] = useState<{ from: Cluster | undefined; events: SeenEvent[] | null }>({
    from: undefined,
    events: null,
  });
  if (cluster && seen.from !== cluster)
    setSeen({ from: cluster, events: mergeEvents(seen.events, cluster.events) });

  if (notFound) return <ClusterNotFound />;
  if (!cluster) {
    return query.error ? (
      <LoadError
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        what="this cluster"
      />
    ) : (
      <ClusterDetailSkeleton />
    );
  }

  // Figures that move with the clock re-render on their own each second; the rest of the page only when data arrives.
  const atNow = (render: (now: number) => ReactNode) => (
    <ApiTime receivedAt={query.dataUpdatedAt} skew={skew}>
      {render}
    </ApiTime>
  );
  const info = statusInfo(cluster.status);
  // What a resize or terminate answered is the cluster now (their mutations read the list again).
  const update = (c: Cluster) => qc.setQueryData(clusterQueryOptions(id).queryKey, c);
  const testStarted = (t: ClusterTest) =>
    qc.setQueryData(clusterQueryOptions(id).queryKey, (c) => (c ? { ...c, last_test: t } : c));
  const over = info.terminal;
  const may = (action: ClusterPageAction) => (permissions ?? ALL_ALLOWED).actions[action].allowed;

  const actions = (
    <>
      <InspectButton id={cluster.id} />
      <RelaunchLink id={cluster.id} />
      {share}
      {!over && transfer}
      {!over && <NotifyButton />}
      {!over && may("resize") && <ResizeButton cluster={cluster} limits={limits} onDone={update} />}
      {!over &&
        may("terminate") &&
        cluster.status !== "terminating" &&
        atNow((now) => <TerminateButton cluster={cluster} now={now} onDone={update} />)}
    </>
  );
  const live = (
    <LiveStatus
      updatedAt={query.dataUpdatedAt}
      meta={meta}
      error={query.error}
      fetching={query.isFetching}
      stopped={over ? `${info.label}: no longer updating` : null}
      onRefresh={() => void query.refetch()}
    />
  );

  return (
    <ClusterPermissionsProvider value={permissions}>
      <div className="flex flex-col gap-5" data-testid="cluster-detail" data-status={cluster.status}>
        <ClusterHeader
          cluster={cluster}
          actions={actions}
          live={meta.stale ? null : live}
          stale={meta.stale ? live : null}
        />
        <PermissionsNote />
        {failureDisplay(cluster) === "failure" && atNow((now) => <FailureCard cluster={cluster} now={now} />)}
        {failureDisplay(cluster) === "warning" && <FailureWarning cluster={cluster} />}
        {limitsLine}
        {atNow((now) => (
          <PhaseBar cluster={cluster} now={now} />
        ))}
        <div className="grid items-start gap-4 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
            <NodesTable cluster={cluster} />
            {cluster.status !== "failed" &&
              atNow((now) => <NcclCard cluster={cluster} now={now} onStarted={testStarted} />)}
            {/* Snippets and storage describe machines that exist: not for a failed or terminated cluster. */}
            {cluster.status !== "failed" && cluster.status !== "terminated" && (
              <ConnectionCard cluster={cluster} />
            )}
          </div>
          <div className="flex min-w-0 flex-col gap-4">
            {atNow((now) => (
              <BillingCard cluster={cluster} now={now} segments={segments} />
            ))}
            {cluster.status !== "failed" && cluster.status !== "terminated" && (
              <StorageCard cluster={cluster} />
            )}
            <EventsList events={seen.events ?? []} />
          </div>
        </div>
      </div>
    </ClusterPermissionsProvider>
  );
}

export function ClusterNotFound() {
  return (
    <StatusMessage
      icon={<SearchXIcon />}
      title="Cluster not found"
      actions={
        <Button asChild variant="outline">
          <Link href="/clusters">All clusters</Link>
        </Button>
      }
    >
      There is no cluster with this id for your active Runcrate key. It may belong to another key or
      environment, or the link may be mistyped.
    </StatusMessage>
  );
}
