"use client";

import Link from "next/link";
import { costSoFar, hourlyRate, isFinished } from "@/lib/spend/cluster-cost";
import { ageText, launchedByText, type Launchers } from "@/lib/clusters/list-view";
import { stackLabel } from "@/lib/clusters/status";
import { formatHourly, formatUsd } from "@/lib/format/money";
import type { Cluster } from "@/lib/runcrate/schemas";
import { clusterBadgeLabel } from "@/lib/clusters/status";
import type { ListLedger } from "@/lib/spend/list-ledger-view";
import { EndedBy } from "./cluster-table";
import { StatusBadge } from "./status-badge";

/** Narrow screens: one card per cluster instead of a seven-column table. */
export function ClusterCards({
  rows,
  now,
  ledger,
  launchers = null,
}: {
  rows: Cluster[];
  now: number | null;
  ledger?: ListLedger;
  launchers?: Launchers;
}) {
  return (
    <ul className="flex flex-col gap-2 md:hidden">
      {rows.map((c) => (
        <li key={c.id}>
          <Link
            href={`/clusters/${encodeURIComponent(c.id)}`}
            className="block rounded-lg border bg-card p-3 outline-none hover:border-brand/40 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="truncate font-medium">{c.name}</span>
              <StatusBadge status={c.status} label={clusterBadgeLabel(c)} withMeaning={false} />
            </div>
            <div className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
              <span className="min-w-0 wrap-anywhere">
                {c.gpus_per_node}× {c.gpu_type} × {c.node_count}
              </span>
              <span>{stackLabel(c.stack)}</span>
              <span className="tabular-nums">{isFinished(c) ? "—" : formatHourly(hourlyRate(c))}</span>
              <span className="tabular-nums">
                {now === null
                  ? ""
                  : `${formatUsd(costSoFar(c, now, ledger?.[c.id]?.segments).amount)} ${isFinished(c) ? "in total" : "so far"}`}
              </span>
              <span className="tabular-nums">{ageText(c, now) === null ? "" : `${ageText(c, now)} old`}</span>
              {launchers !== null && (
                <span className="min-w-0 truncate">by {launchedByText(launchers, c.id)}</span>
              )}
            </div>
            <EndedBy entry={ledger?.[c.id]} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
