"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { spendCsv, type SpendRow } from "@/lib/spend/spend-rows";
import { compareText } from "@/lib/format/collate";
import { formatHourly, formatUsd } from "@/lib/format/money";

type Row = SpendRow & { keyLabel: string };
type Sort = "name" | "status" | "rate" | "cost" | "keyLabel";

/** Every cluster of every key with its cost (running and finished), sortable, with CSV export. */
export function SpendTable({ rows }: { rows: Row[] }) {
  const [sort, setSort] = useState<{ by: Sort; dir: 1 | -1 }>({ by: "cost", dir: -1 });
  const sorted = useMemo(
    () =>
      [...rows].sort((a, b) => {
        const x = a[sort.by];
        const y = b[sort.by];
        return (
          (typeof x === "number" && typeof y === "number" ? x - y : compareText(String(x), String(y))) *
          sort.dir
        );
      }),
    [rows, sort],
  );
  const head = (by: Sort, label: string, right = false) => (
    <TableHead
      aria-sort={sort.by === by ? (sort.dir === 1 ? "ascending" : "descending") : "none"}
      className={right ? "text-right" : undefined}
    >
      <button
        type="button"
        className="rounded px-1 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        onClick={() =>
          setSort((s) => ({ by, dir: s.by === by ? (s.dir === 1 ? -1 : 1) : by === "name" ? 1 : -1 }))
        }
      >
        {label}
        {sort.by === by ? (sort.dir === 1 ? " ↑" : " ↓") : ""}
      </button>
    </TableHead>
  );
  const download = () => {
    const blob = new Blob([spendCsv(sorted)], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `clusterdeck-spend-${new Date().toISOString().slice(0, 10)}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">Clusters and their cost</h2>
        <Button variant="outline" size="sm" onClick={download} disabled={rows.length === 0}>
          Export CSV
        </Button>
      </div>
      <div className="overflow-x-auto rounded-lg border">
        <Table aria-label="Clusters and their cost">
          <TableHeader>
            <TableRow>
              {head("name", "Cluster")}
              {head("keyLabel", "Key")}
              {head("status", "Status")}
              {head("rate", "Rate now", true)}
              {head("cost", "Cost", true)}
            </TableRow>
          </TableHeader>
          <TableBody>
            {sorted.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="text-muted-foreground">
                  No clusters yet.
                </TableCell>
              </TableRow>
            ) : (
              sorted.map((r) => (
                <TableRow key={`${r.keyLabel}:${r.id}`} data-testid="spend-row">
                  <TableCell className="max-w-48 truncate font-medium">
                    <Link href={`/clusters/${encodeURIComponent(r.id)}`} className="hover:underline">
                      {r.name}
                    </Link>
                  </TableCell>
                  <TableCell>{r.keyLabel}</TableCell>
                  <TableCell>{r.status}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {r.rate > 0 ? formatHourly(r.rate) : "—"}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatUsd(r.cost)}
                    {r.estimated ? (
                      <span className="ml-1 text-xs text-muted-foreground">estimated</span>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
