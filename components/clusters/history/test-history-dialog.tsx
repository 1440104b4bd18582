"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { OpenProps } from "@/components/common/lazy-dialog";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatDateTime } from "@/lib/format/date";
import { formatGbps } from "@/lib/format/number";
import { historyRows, type HistoryRow, type TestHistoryResponse } from "@/lib/clusters/test-history";
import { apiGet } from "@/lib/query/fetch-api";
import type { Cluster } from "@/lib/runcrate/schemas";
import { BeforeResizeBadge } from "./before-resize-badge";
import { OverlayChart } from "./overlay-chart";

export type TestHistoryProps = { cluster: Cluster; historyUrl?: string };

const VERDICT_VARIANT: Record<string, "success" | "warning" | "destructive" | "secondary" | "info"> = {
  good: "success",
  fair: "warning",
  poor: "destructive",
  failed: "destructive",
  unknown: "secondary",
  running: "info",
};

const when = (r: HistoryRow) => formatDateTime(r.startedAt ?? r.recordedAt);

/** Every NCCL run kept for the cluster, newest first; tick two to overlay them. */
export function TestHistoryDialog({ cluster, historyUrl, open, onOpenChange }: TestHistoryProps & OpenProps) {
  const url = historyUrl ?? `/api/clusters/${encodeURIComponent(cluster.id)}/tests`;
  const q = useQuery({
    queryKey: ["clusters", "tests", url],
    queryFn: ({ signal }) => apiGet<TestHistoryResponse>(url, signal),
    enabled: open,
    staleTime: 5_000,
  });
  const rows = q.data ? historyRows(q.data, cluster) : [];
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) =>
    setPicked((p) => (on ? [...p.filter((x) => x !== id), id].slice(-2) : p.filter((x) => x !== id)));
  const overlay = picked.map((id) => rows.find((r) => r.id === id)).filter((r): r is HistoryRow => !!r);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl" data-testid="test-history">
        <DialogHeader>
          <DialogTitle>Test history</DialogTitle>
          <DialogDescription>
            Every NCCL all-reduce run seen on {cluster.name}. Tick two to compare them on one chart.
          </DialogDescription>
        </DialogHeader>
        {q.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : q.error ? (
          <p role="alert" className="text-sm text-destructive">
            {q.error.message}
          </p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No test has been seen on this cluster yet.</p>
        ) : (
          <div className="flex min-w-0 flex-col gap-4">
            <ul className="flex flex-col divide-y rounded-md border" aria-label="Test runs">
              {rows.map((r) => {
                const id = `run-${r.id}`;
                return (
                  <li
                    key={r.id}
                    className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm"
                    data-testid="test-run"
                    data-test-id={r.id}
                  >
                    <Checkbox
                      id={id}
                      checked={picked.includes(r.id)}
                      disabled={r.sizes.length === 0}
                      onCheckedChange={(v) => toggle(r.id, v === true)}
                      aria-label={`Compare the run of ${when(r)}`}
                    />
                    <label htmlFor={id} className="font-medium tabular-nums">
                      {when(r)}
                    </label>
                    <Badge variant={VERDICT_VARIANT[r.reading.verdict] ?? "secondary"}>
                      {r.reading.label}
                    </Badge>
                    <span className="tabular-nums">
                      Peak {r.reading.peakGBs != null ? formatGbps(r.reading.peakGBs) : "—"}
                    </span>
                    <span className="text-muted-foreground">
                      {r.nodeCount} nodes{r.gpus != null ? ` · ${r.gpus} GPUs` : ""}
                    </span>
                    <BeforeResizeBadge thenNodes={r.nodeCount} nowNodes={q.data.nodeCount} />
                    {r.slowest && (
                      <span className="w-full text-xs font-medium" data-testid="slowest">
                        {r.slowest}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
            {overlay.length === 2 ? (
              <OverlayChart series={overlay.map((r) => ({ label: when(r), sizes: r.sizes }))} />
            ) : (
              <p className="text-xs text-muted-foreground" aria-live="polite">
                {overlay.length === 1 ? "Tick one more run to compare." : "Tick two runs to compare them."}
              </p>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
