"use client";

import { ArrowDownIcon, ArrowUpIcon, PlusIcon, ServerIcon } from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { StatusMessage } from "@/components/shell/status-message";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { clockSkew } from "@/lib/clusters/clock";
import { costSoFar, hourlyRate } from "@/lib/cost/cluster-cost";
import { formatAge, parseTime } from "@/lib/clusters/format";
import {
  applyListView,
  countByGroup,
  LIST_FILTERS,
  LIST_SORTS,
  listViewQuery,
  parseListView,
  toggleSort,
  type ListFilter,
  type ListSort,
  type ListView,
} from "@/lib/clusters/list-view";
import { stackLabel } from "@/lib/clusters/status";
import { formatHourly, formatUsd } from "@/lib/money";
import type { Cluster } from "@/lib/runcrate/schemas";
import { cn } from "@/lib/utils";
import { LiveStatus } from "./live-status";
import { LoadError } from "./load-error";
import { StatusBadge } from "./status-badge";
import { useLiveClusters } from "./use-live-query";
import { useNow } from "./use-now";

const FILTER_LABEL: Record<ListFilter, string> = {
  all: "All",
  active: "Active",
  failed: "Failed",
  terminated: "Terminated",
};

export function ClusterList() {
  const { query, meta } = useLiveClusters();
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const view = parseListView(params);
  const now = useNow();
  const setView = (v: ListView) => router.replace(`${pathname}${listViewQuery(v)}`, { scroll: false });

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">Clusters</h1>
        <p className="text-sm text-muted-foreground">Every cluster of your active Runcrate key, live.</p>
      </div>
      <Button asChild>
        <Link href="/offers">
          <PlusIcon aria-hidden="true" />
          New cluster
        </Link>
      </Button>
    </div>
  );

  if (!query.data) {
    return (
      <div className="flex flex-col gap-4">
        {header}
        {query.error ? (
          <LoadError
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            what="your clusters"
          />
        ) : (
          <p className="py-10 text-center text-sm text-muted-foreground">Loading clusters…</p>
        )}
      </div>
    );
  }

  const all = query.data;
  const skew = clockSkew(all, query.dataUpdatedAt);
  const counts = countByGroup(all);
  const at = now === null ? null : now + skew;
  const rows = applyListView(all, view, at ?? query.dataUpdatedAt + skew);

  return (
    <div className="flex flex-col gap-4">
      {header}
      {all.length === 0 ? (
        <StatusMessage
          headingLevel={2}
          icon={<ServerIcon />}
          title="No clusters yet"
          className="rounded-lg border border-dashed"
          actions={
            <Button asChild>
              <Link href="/offers">Browse offers</Link>
            </Button>
          }
        >
          Pick an offer to launch your first multi-node cluster. It shows up here while it comes up.
        </StatusMessage>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <nav aria-label="Filter clusters" className="inline-flex rounded-lg bg-muted p-0.5">
              {LIST_FILTERS.map((f) => (
                <Link
                  key={f}
                  href={`${pathname}${listViewQuery({ ...view, show: f })}`}
                  replace
                  scroll={false}
                  aria-current={view.show === f ? "page" : undefined}
                  className={cn(
                    "rounded-md px-3 py-1 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    view.show === f
                      ? "bg-background text-foreground shadow-xs"
                      : "text-muted-foreground hover:text-foreground",
                  )}
                >
                  {FILTER_LABEL[f]} <span className="text-muted-foreground tabular-nums">{counts[f]}</span>
                </Link>
              ))}
            </nav>
            <LiveStatus
              updatedAt={query.dataUpdatedAt}
              meta={meta}
              error={query.error}
              fetching={query.isFetching}
              onRefresh={() => void query.refetch()}
              className={meta.stale ? "w-full" : undefined}
            />
          </div>
          {rows.length === 0 ? (
            <p className="rounded-lg border border-dashed py-10 text-center text-sm text-muted-foreground">
              No {FILTER_LABEL[view.show].toLowerCase()} clusters.{" "}
              <Link
                className="text-brand underline-offset-4 hover:underline"
                href={`${pathname}${listViewQuery({ ...view, show: "all" })}`}
                replace
              >
                Show all
              </Link>
            </p>
          ) : (
            <>
              <ClusterTable rows={rows} view={view} now={at} onSort={(s) => setView(toggleSort(view, s))} />
              <MobileSort view={view} onChange={setView} />
              <ClusterCards rows={rows} now={at} />
            </>
          )}
        </>
      )}
    </div>
  );
}

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

function ClusterTable({
  rows,
  view,
  now,
  onSort,
}: {
  rows: Cluster[];
  view: ListView;
  now: number | null;
  onSort: (s: ListSort) => void;
}) {
  return (
    <div className="hidden rounded-lg border md:block">
      <Table>
        <TableHeader>
          <TableRow>
            <SortHead label="Name" sort="name" view={view} onSort={onSort} />
            <SortHead label="Status" sort="status" view={view} onSort={onSort} />
            <TableHead>Stack</TableHead>
            <TableHead>GPUs</TableHead>
            <SortHead label="Rate" sort="rate" view={view} onSort={onSort} className="text-right" />
            <SortHead label="Cost so far" sort="cost" view={view} onSort={onSort} className="text-right" />
            <SortHead label="Age" sort="created" view={view} onSort={onSort} className="text-right" />
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((c) => (
            <TableRow key={c.id} data-testid="cluster-row">
              <TableCell className="font-medium">
                <Link
                  href={`/clusters/${encodeURIComponent(c.id)}`}
                  className="text-foreground underline-offset-4 hover:text-brand hover:underline"
                >
                  {c.name}
                </Link>
              </TableCell>
              <TableCell>
                <StatusBadge status={c.status} />
              </TableCell>
              <TableCell>{stackLabel(c.stack)}</TableCell>
              <TableCell className="whitespace-nowrap">
                {c.gpus_per_node}× {c.gpu_type}{" "}
                <span className="text-muted-foreground">× {c.node_count} nodes</span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatHourly(hourlyRate(c))}</TableCell>
              <TableCell className="text-right tabular-nums">
                {now === null ? "—" : formatUsd(costSoFar(c, now).amount)}
              </TableCell>
              <TableCell className="text-right text-muted-foreground tabular-nums" title={c.created_at}>
                {now === null ? "—" : formatAge(now - (parseTime(c.created_at) ?? now))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

const SORT_LABEL: Record<ListSort, string> = {
  created: "Age",
  name: "Name",
  status: "Status",
  rate: "Rate",
  cost: "Cost so far",
};

/** Narrow screens have no column headers to click: the same sort as a select. */
function MobileSort({ view, onChange }: { view: ListView; onChange: (v: ListView) => void }) {
  const value = `${view.sort}:${view.dir}`;
  return (
    <label className="flex items-center gap-2 text-sm text-muted-foreground md:hidden">
      Sort by
      <select
        value={value}
        onChange={(e) => {
          const [sort, dir] = e.target.value.split(":") as [ListSort, "asc" | "desc"];
          onChange({ ...view, sort, dir });
        }}
        className="h-8 rounded-md border border-input bg-background px-2 text-sm text-foreground"
      >
        {LIST_SORTS.flatMap((s) =>
          (["asc", "desc"] as const).map((d) => (
            <option key={`${s}:${d}`} value={`${s}:${d}`}>
              {SORT_LABEL[s]}{" "}
              {s === "created"
                ? d === "desc"
                  ? "(newest first)"
                  : "(oldest first)"
                : d === "asc"
                  ? "↑"
                  : "↓"}
            </option>
          )),
        )}
      </select>
    </label>
  );
}

/** Narrow screens: one card per cluster instead of a seven-column table. */
function ClusterCards({ rows, now }: { rows: Cluster[]; now: number | null }) {
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
              <StatusBadge status={c.status} withMeaning={false} />
            </div>
            <div className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
              <span>
                {c.gpus_per_node}× {c.gpu_type} × {c.node_count}
              </span>
              <span>{stackLabel(c.stack)}</span>
              <span className="tabular-nums">{formatHourly(hourlyRate(c))}</span>
              <span className="tabular-nums">
                {now === null ? "" : `${formatUsd(costSoFar(c, now).amount)} so far`}
              </span>
              <span className="tabular-nums">
                {now === null ? "" : `${formatAge(now - (parseTime(c.created_at) ?? now))} old`}
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
