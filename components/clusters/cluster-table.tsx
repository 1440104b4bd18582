"use client";

import Link from "next/link";
import { ArrowDownIcon, ArrowUpIcon } from "lucide-react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { costSoFar, hourlyRate, isFinished } from "@/lib/spend/cluster-cost";
import {
  ageText,
  launchedByText,
  type Launchers,
  type ListSort,
  type ListView,
} from "@/lib/clusters/list-view";
import { stackLabel } from "@/lib/clusters/status";
import { formatHourly, formatUsd } from "@/lib/format/money";
import { endedByText, type ListLedger, type ListLedgerEntry } from "@/lib/spend/list-ledger-view";
import type { Cluster } from "@/lib/runcrate/schemas";
import { clusterBadgeLabel } from "@/lib/clusters/status";
import { StatusBadge } from "./status-badge";

function SortHead({
  label,
  sort,
  view,
  onSort,
  className,
}: {
  label: string;
  sort: ListSort;
  view: ListView;
  onSort: (s: ListSort) => void;
  className?: string;
}) {
  const active = view.sort === sort;
  const Icon = view.dir === "asc" ? ArrowUpIcon : ArrowDownIcon;
  return (
    <TableHead
      aria-sort={active ? (view.dir === "asc" ? "ascending" : "descending") : "none"}
      className={className}
    >
      <button
        type="button"
        onClick={() => onSort(sort)}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        {label}
        {active ? <Icon aria-hidden="true" className="size-3.5" /> : null}
      </button>
    </TableHead>
  );
}

/** Final cost of a finished cluster ("final", "estimated" without its rate history), else the cost so far. */
export function RowCost({ cluster, now, entry }: { cluster: Cluster; now: number; entry?: ListLedgerEntry }) {
  const cost = costSoFar(cluster, now, entry?.segments);
  if (!isFinished(cluster)) return <>{formatUsd(cost.amount)}</>;
  return (
    <>
      {formatUsd(cost.amount)}{" "}
      <span className="text-xs text-muted-foreground">{cost.estimated ? "final, estimated" : "final"}</span>
    </>
  );
}

/** Under a finished cluster's status: the limit that ended it, when the guardian did. */
export function EndedBy({ entry }: { entry: ListLedgerEntry | undefined }) {
  const text = endedByText(entry);
  return text ? (
    <span className="mt-0.5 block text-xs text-muted-foreground" data-testid="row-ended-by">
      {text}
    </span>
  ) : null;
}

/** Wide screens: one row per cluster, sorted by clicking a column. */
export function ClusterTable({
  rows,
  view,
  now,
  ledger,
  launchers = null,
  onSort,
}: {
  rows: Cluster[];
  view: ListView;
  now: number | null;
  ledger?: ListLedger;
  /** In a shared team, who launched each cluster: a "Launched by" column. */
  launchers?: Launchers;
  onSort: (s: ListSort) => void;
}) {
  return (
    <div className="hidden rounded-lg border md:block">
      <Table aria-label="Clusters">
        <TableHeader>
          <TableRow>
            <SortHead label="Name" sort="name" view={view} onSort={onSort} />
            <SortHead label="Status" sort="status" view={view} onSort={onSort} />
            <TableHead>Stack</TableHead>
            <TableHead>GPUs</TableHead>
            <SortHead label="Rate" sort="rate" view={view} onSort={onSort} className="text-right" />
            <SortHead label="Cost" sort="cost" view={view} onSort={onSort} className="text-right" />
            <SortHead label="Age" sort="created" view={view} onSort={onSort} className="text-right" />
            {launchers !== null && <TableHead>Launched by</TableHead>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((c) => (
            <TableRow key={c.id} data-testid="cluster-row">
              {/* Names and GPU types wrap (a 63-character name, a long GPU name): the row grows, the table doesn't. */}
              <TableCell className="max-w-72 min-w-40 font-medium break-all whitespace-normal">
                <Link
                  href={`/clusters/${encodeURIComponent(c.id)}`}
                  className="text-foreground underline-offset-4 hover:text-brand hover:underline"
                >
                  {c.name}
                </Link>
              </TableCell>
              <TableCell>
                <StatusBadge status={c.status} label={clusterBadgeLabel(c)} />
                <EndedBy entry={ledger?.[c.id]} />
              </TableCell>
              <TableCell>{stackLabel(c.stack)}</TableCell>
              <TableCell className="max-w-72 min-w-40 whitespace-normal">
                {c.gpus_per_node}× {c.gpu_type}{" "}
                <span className="text-muted-foreground">× {c.node_count} nodes</span>
              </TableCell>
              <TableCell className="text-right tabular-nums" data-testid="row-rate">
                {isFinished(c) ? <span aria-label="no rate: finished">—</span> : formatHourly(hourlyRate(c))}
              </TableCell>
              <TableCell className="text-right tabular-nums" data-testid="row-cost">
                {now === null ? "—" : <RowCost cluster={c} now={now} entry={ledger?.[c.id]} />}
              </TableCell>
              <TableCell
                className="text-right text-muted-foreground tabular-nums"
                title={c.created_at ?? undefined}
              >
                {ageText(c, now) ?? "—"}
              </TableCell>
              {launchers !== null && (
                <TableCell
                  className="max-w-56 truncate text-muted-foreground"
                  data-testid="row-launched-by"
                  title={launchedByText(launchers, c.id)}
                >
                  {launchedByText(launchers, c.id)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
