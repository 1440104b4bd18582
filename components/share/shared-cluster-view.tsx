"use client";

import { useQuery } from "@tanstack/react-query";
import { EyeIcon } from "lucide-react";
import { BillingCard } from "@/components/spend/billing-card";
import { BusbwChart } from "@/components/clusters/busbw-chart";
import { EventsList } from "@/components/clusters/events-list";
import { PhaseBar } from "@/components/clusters/phase-bar";
import { StatusBadge } from "@/components/clusters/status-badge";
import { useNow } from "@/components/common/use-now";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format/date";
import { parseTime } from "@/lib/time";
import { formatGbps } from "@/lib/format/number";
import { mergeEvents } from "@/lib/clusters/events";
import { ncclVerdict } from "@/lib/clusters/nccl";
import { isTerminalStatus, stackLabel } from "@/lib/clusters/status";
import { apiGet } from "@/lib/query/fetch-api";
import type { Cluster } from "@/lib/runcrate/schemas";
import type { SharedCluster } from "@/lib/share/share-links";

type Shared = { state: "ok"; cluster: SharedCluster; expiresAt: string };

/**
 * What a teammate sees through a share link: status, phases, nodes, events, cost and the last test — read-only, no
 * addresses, no snippets, no actions. Refreshed every few seconds while the cluster is live.
 */
export function SharedClusterView({ token, initial }: { token: string; initial: Shared }) {
  const q = useQuery({
    queryKey: ["shared", token],
    queryFn: ({ signal }) => apiGet<Shared>(`/api/shared/${encodeURIComponent(token)}`, signal),
    initialData: initial,
    refetchInterval: (query) => (isTerminalStatus(query.state.data?.cluster.status) ? false : 5_000),
  });
  const now = useNow() ?? parseTime(q.data.cluster.created_at) ?? 0;
  const c = q.data.cluster;
  // The shared view has a subset of the API's fields; these cards read only fields it keeps.
  const asCluster = c as unknown as Cluster;
  const test = c.last_test ?? null;
  const reading = test ? ncclVerdict(test, c.interconnect) : null;

  return (
    <div className="flex flex-col gap-5" data-testid="shared-cluster" data-status={c.status}>
      <header className="flex flex-col gap-2">
        <p className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
          <EyeIcon aria-hidden="true" className="size-3.5" />
          Shared with you, read-only · the owner sees that you opened it · link expires{" "}
          {formatDateTime(q.data.expiresAt)}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-semibold tracking-tight">{c.name}</h1>
          <StatusBadge status={c.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {c.node_count} × {c.gpus_per_node} {c.gpu_type} · {stackLabel(c.stack)}
          {c.location ? ` · ${c.location}` : ""}
        </p>
        {q.error && (
          <p role="alert" className="text-sm text-destructive">
            {q.error.message}
          </p>
        )}
      </header>
      <PhaseBar cluster={asCluster} now={now} />
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Machines</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <Table aria-label="Machines" data-testid="shared-nodes">
                <TableHeader>
                  <TableRow>
                    <TableHead>Rank</TableHead>
                    <TableHead>Name</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="text-right">GPUs</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {c.nodes.map((n) => (
                    <TableRow key={n.rank} data-testid="shared-node">
                      <TableCell className="tabular-nums">
                        {n.rank}
                        {n.role === "head" ? (
                          <span className="ml-1.5 text-xs text-muted-foreground">head</span>
                        ) : null}
                      </TableCell>
                      {/* A machine's name is the cluster's (up to 63 characters) and its rank: it breaks rather than widening the table. */}
                      <TableCell className="font-mono text-xs break-all whitespace-normal">
                        {n.name}
                      </TableCell>
                      <TableCell>
                        {n.status}
                        {n.stage && n.stage !== "ready" ? ` · ${n.stage}` : ""}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{n.gpus ?? "—"}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
          <Card data-testid="shared-test">
            <CardHeader>
              <CardTitle>
                <h2>Interconnect test</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              {!test || !reading ? (
                <p className="text-sm text-muted-foreground">No test has run on this cluster yet.</p>
              ) : (
                <>
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge variant="secondary">{reading.label}</Badge>
                    <span>
                      Peak{" "}
                      <strong className="tabular-nums">
                        {reading.peakGBs != null ? formatGbps(reading.peakGBs) : "—"}
                      </strong>
                    </span>
                  </div>
                  <p className="text-sm text-muted-foreground">{reading.explanation}</p>
                  {test.result?.sizes?.length ? (
                    <BusbwChart sizes={test.result.sizes} lineRate={reading.lineRateGBs} />
                  ) : null}
                </>
              )}
            </CardContent>
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <BillingCard cluster={asCluster} now={now} />
          <EventsList events={mergeEvents(null, c.events)} />
        </div>
      </div>
    </div>
  );
}
