"use client";

import { ActivityIcon, LoaderCircleIcon } from "lucide-react";
import { useId } from "react";
import { toast } from "sonner";
import { HydratedButton } from "@/components/common/hydrated-button";
import { Badge } from "@/components/ui/badge";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { startClusterTest } from "@/lib/clusters/actions";
import { useActionMutation } from "@/lib/query/mutation";
import { formatDuration } from "@/lib/format/duration";
import { formatBytes, formatGbps } from "@/lib/format/number";
import { parseTime } from "@/lib/time";
import { isTestActive, ncclVerdict, testStartBlocked, type Verdict } from "@/lib/clusters/nccl";
import type { Cluster, ClusterTest } from "@/lib/runcrate/schemas";
import { BusbwChart } from "./busbw-chart";
import { BeforeResizeBadge } from "./history/before-resize-badge";
import { TestHistoryButton } from "./history/test-history-button";
import { useMay } from "./cluster-permissions";

const VERDICT_VARIANT: Record<Verdict, "success" | "warning" | "destructive" | "secondary" | "info"> = {
  good: "success",
  fair: "warning",
  poor: "destructive",
  failed: "destructive",
  unknown: "secondary",
  running: "info",
};

/** Start an NCCL all-reduce test, watch it run, read the result against the interconnect's line rate. */
export function NcclCard({
  cluster,
  now,
  onStarted,
}: {
  cluster: Cluster;
  now: number;
  onStarted: (t: ClusterTest) => void;
}) {
  const begin = useActionMutation(startClusterTest, {
    onSuccess: (t) => {
      toast.success("NCCL test started", {
        description: "It runs an all-reduce across every GPU; usually a few minutes.",
      });
      onStarted(t);
    },
  });
  const pending = begin.isPending;
  const error = begin.error?.message ?? null;
  const tableId = useId();
  const test = cluster.last_test ?? null;
  const blocked = testStartBlocked(cluster);
  const reading = test ? ncclVerdict(test, cluster.interconnect) : null;
  const active = isTestActive(test?.status);
  const sizes = test?.result?.sizes ?? [];
  const started = parseTime(test?.started_at);

  const start = () => begin.mutate({ id: cluster.id });
  const mayTest = useMay("test").allowed;

  return (
    <Card data-testid="nccl-card">
      <CardHeader>
        <CardTitle>
          <h2>Interconnect test</h2>
        </CardTitle>
        <CardDescription>NCCL all-reduce across every GPU; bus bandwidth by message size.</CardDescription>
        <CardAction className="flex gap-2">
          <TestHistoryButton cluster={cluster} />
          {mayTest && (
            <HydratedButton
              size="sm"
              data-command="run-test"
              onClick={start}
              disabled={blocked !== null || pending}
              aria-describedby={blocked ? `${tableId}-why` : undefined}
            >
              {pending ? (
                <LoaderCircleIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              ) : (
                <ActivityIcon aria-hidden="true" />
              )}
              {test ? "Run again" : "Start test"}
            </HydratedButton>
          )}
        </CardAction>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {blocked && !active && (
          <p id={`${tableId}-why`} className="text-sm text-muted-foreground">
            {blocked}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        {!test && !blocked && (
          <p className="text-sm text-muted-foreground">
            No test has run on this cluster yet. The cluster is billed while a test runs.
          </p>
        )}

        {active && (
          <div className="flex flex-col gap-2" data-testid="test-running">
            <div className="flex items-center gap-2 text-sm">
              <LoaderCircleIcon
                aria-hidden="true"
                className="size-4 animate-spin text-info motion-reduce:animate-none"
              />
              <span>
                {test?.status === "running"
                  ? `Running${started !== null ? ` for ${formatDuration(now - started)}` : ""} — usually a few minutes, at most 10.`
                  : `${reading?.label ?? "Waiting"}: the test has not started running yet.`}
              </span>
            </div>
            <div
              className="relative h-1.5 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label="Test in progress"
              aria-valuetext={test?.status || "starting"}
            >
              <div className="absolute inset-y-0 w-1/3 animate-[pulse_1.5s_ease-in-out_infinite] rounded-full bg-info motion-reduce:animate-none" />
            </div>
          </div>
        )}

        {reading && test && !active && (
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={VERDICT_VARIANT[reading.verdict]} data-testid="nccl-verdict">
                {reading.label}
              </Badge>
              <BeforeResizeBadge thenNodes={test.result?.nodes} nowNodes={cluster.node_count} />
              <span className="text-sm">
                Peak{" "}
                <strong className="tabular-nums">
                  {reading.peakGBs != null ? formatGbps(reading.peakGBs) : "—"}
                </strong>
                {reading.lineRateGBs != null && (
                  <>
                    {" "}
                    of <span className="tabular-nums">{formatGbps(reading.lineRateGBs)}</span> line rate
                    {cluster.interconnect?.label ? ` (${cluster.interconnect.label})` : ""}
                  </>
                )}
              </span>
            </div>
            <p className="text-sm text-muted-foreground">{reading.explanation}</p>
            {test.result?.note && (
              <p className="rounded-md border border-info/30 bg-info/5 px-3 py-2 text-sm">
                {test.result.note}
              </p>
            )}
            {test.result?.error && test.status !== "failed" && (
              <p className="text-sm text-destructive">{test.result.error}</p>
            )}
            {sizes.length > 0 && (
              <>
                <BusbwChart sizes={sizes} lineRate={reading.lineRateGBs} describedBy={tableId} />
                <details className="group">
                  <summary className="cursor-pointer text-sm text-brand underline-offset-4 hover:underline">
                    All {sizes.length} sizes as a table
                  </summary>
                  <div className="mt-2 max-h-80 overflow-auto rounded-md border">
                    <Table id={tableId} aria-label="Bandwidth by message size">
                      <TableHeader>
                        <TableRow>
                          <TableHead>Size</TableHead>
                          <TableHead className="text-right">algbw GB/s</TableHead>
                          <TableHead className="text-right">busbw GB/s</TableHead>
                          <TableHead className="text-right">time µs</TableHead>
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {sizes.map((s) => (
                          <TableRow key={s.bytes}>
                            <TableCell>{formatBytes(s.bytes)}</TableCell>
                            <TableCell className="text-right tabular-nums">
                              {s.algbw_gb_s.toFixed(2)}
                            </TableCell>
                            <TableCell className="text-right tabular-nums">
                              {s.busbw_gb_s.toFixed(2)}
                            </TableCell>
                            <TableCell className="text-right tabular-nums">{s.time_us.toFixed(1)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </div>
                </details>
              </>
            )}
            {test.result?.nodes != null && (
              <p className="text-xs text-muted-foreground">
                {test.result.nodes} nodes · {test.result.gpus ?? "?"} GPUs
                {parseTime(test.finished_at) !== null && started !== null
                  ? ` · took ${formatDuration(parseTime(test.finished_at)! - started)}`
                  : ""}
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
