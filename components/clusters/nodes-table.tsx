import { CrownIcon, LoaderCircleIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/common/copy-button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { nodeState } from "@/lib/clusters/node-state";
import type { Cluster, ClusterNode } from "@/lib/runcrate/schemas";
import { cn } from "@/lib/utils";

const TONE = { up: "success", failed: "destructive", ended: "secondary", coming: "info" } as const;

/** Machines by rank: head marked, rows still coming up dimmed with a spinner, each ssh_command copyable. */
export function NodesTable({ cluster }: { cluster: Cluster }) {
  const nodes = [...(cluster.nodes ?? [])].sort((a, b) => a.rank - b.rank);
  const up = nodes.filter((n) => nodeState(n, cluster.status) === "up").length;
  return (
    <Card className={nodes.length > 0 ? "overflow-hidden pb-0" : undefined}>
      <CardHeader>
        <CardTitle>
          <h2>Nodes</h2>
        </CardTitle>
        <CardDescription>
          {nodes.length === 0
            ? "No machines reported yet."
            : `${up} of ${nodes.length} up · ${cluster.node_count} requested`}
        </CardDescription>
      </CardHeader>
      {nodes.length > 0 && (
        <CardContent className="px-0">
          <div className="overflow-x-auto">
            <Table aria-label="Nodes">
              <TableHeader>
                <TableRow>
                  <TableHead className="pl-4">Rank</TableHead>
                  <TableHead className="max-sm:px-2">Machine · addresses</TableHead>
                  <TableHead className="max-sm:px-2">Status · stage</TableHead>
                  <TableHead className="pr-4 max-sm:hidden">SSH</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {nodes.map((n) => (
                  <NodeRow key={`${n.rank}-${n.name}`} node={n} clusterStatus={cluster.status} />
                ))}
              </TableBody>
            </Table>
          </div>
        </CardContent>
      )}
    </Card>
  );
}

function NodeRow({ node: n, clusterStatus }: { node: ClusterNode; clusterStatus: string }) {
  const state = nodeState(n, clusterStatus);
  const busy = state === "coming";
  // A terminated cluster's machines are released: no SSH command to copy, and no stage that says "ready".
  const released = clusterStatus === "terminated";
  const ssh = released ? null : n.ssh_command;
  const head = n.role === "head";
  return (
    <TableRow
      data-testid="node-row"
      data-rank={n.rank}
      data-in-progress={busy || undefined}
      className={cn(busy && "bg-info/5")}
    >
      <TableCell className="pl-4 tabular-nums max-sm:px-2 max-sm:pl-3">
        <span className="inline-flex items-center gap-1.5 max-sm:flex-col max-sm:items-start max-sm:gap-0.5">
          {n.rank}
          {head ? (
            <Badge variant="brand" className="gap-1 px-1.5 py-0 text-[11px]">
              <CrownIcon aria-hidden="true" className="size-3" />
              head
            </Badge>
          ) : (
            <span className="text-xs text-muted-foreground">{n.role}</span>
          )}
        </span>
      </TableCell>
      {/* Four columns, secondary facts under the name, and names that wrap: the table fits the page's main column
          at 1280 px and a phone at 390 px without scrolling sideways. */}
      <TableCell className="min-w-28 whitespace-normal max-sm:min-w-0 max-sm:px-2">
        <span className="block font-mono text-xs break-all">{n.name}</span>
        <span className="block font-mono text-[11px] text-muted-foreground">
          {n.overlay_address ?? "no address yet"}
          {n.ip ? (
            <span className="block sm:inline">
              <span className="max-sm:hidden"> · </span>public {n.ip}
            </span>
          ) : null}
        </span>
        {n.gpus != null ? (
          <span className="block text-[11px] text-muted-foreground">
            {n.gpus} GPU{n.gpus === 1 ? "" : "s"}
          </span>
        ) : null}
      </TableCell>
      <TableCell className="whitespace-normal max-sm:px-2">
        <Badge variant={TONE[state]} className="gap-1">
          {busy && (
            <LoaderCircleIcon aria-hidden="true" className="size-3 animate-spin motion-reduce:animate-none" />
          )}
          {n.status}
        </Badge>
        <span className={cn("block text-xs", busy ? "text-info" : "text-muted-foreground")}>
          {released ? "released" : (n.stage ?? "")}
          {busy && <span className="sr-only"> (coming up)</span>}
        </span>
        {ssh ? (
          <CopyButton value={ssh} label={`SSH command for rank ${n.rank}`} className="mt-1 sm:hidden" />
        ) : null}
      </TableCell>
      {/* On a phone the SSH copy button sits under the status instead, so the table keeps its width. */}
      <TableCell className="pr-4 max-sm:hidden">
        {ssh ? (
          <span className="inline-flex max-w-[14rem] items-center gap-1">
            <code
              className="truncate rounded bg-muted px-1.5 py-0.5 font-mono text-[11px] max-lg:hidden"
              title={ssh}
            >
              {ssh}
            </code>
            <CopyButton value={ssh} label={`SSH command for rank ${n.rank}`} />
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">{released ? "—" : "not yet"}</span>
        )}
      </TableCell>
    </TableRow>
  );
}
