import { SpendChart } from "@/components/spend/spend-chart";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { periodSpan } from "@/lib/budgets/budget";
import type { TeamSpendView } from "@/lib/budgets/team-spend-view";
import { formatHourly, formatUsd } from "@/lib/format/money";
import { formatDateTime } from "@/lib/format/date";
import { TeamClustersCsv } from "./team-clusters-csv";
import { BudgetBurnDown } from "./budget-burn-down";

/**
 * The Spend page's team section: what the team's clusters cost this period, by member, by GPU type and by day, and
 * each cluster billed in it — when it ran, its hours, cost and price per GPU-hour, who ended it and why — with a CSV
 * of those rows.
 */
export function TeamSpend({ view }: { view: TeamSpendView }) {
  return (
    <section aria-labelledby="team-spend-heading" className="flex flex-col gap-3" data-testid="team-spend">
      <div>
        <h2 id="team-spend-heading" className="text-base font-semibold">
          {view.team}&rsquo;s spend
        </h2>
        <p className="text-sm text-muted-foreground">
          {formatUsd(view.total)} for {periodSpan(view.period)}, from the clusters launched with the
          team&rsquo;s key (Clusterdeck&rsquo;s spend record).
        </p>
      </div>
      {view.members.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing spent this period yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Member</TableHead>
                <TableHead scope="col" className="text-right">
                  Clusters
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Rate now
                </TableHead>
                <TableHead scope="col" className="text-right">
                  This period
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {view.members.map((m) => (
                <TableRow key={m.email} data-testid="team-spend-row">
                  <TableCell className="max-w-64 truncate">{m.email}</TableCell>
                  <TableCell className="text-right tabular-nums">{m.clusters}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatHourly(m.rate)}</TableCell>
                  <TableCell className="text-right font-medium tabular-nums">{formatUsd(m.spent)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {view.burn ? <BudgetBurnDown burn={view.burn} label={`${view.team}'s budget`} /> : null}
      {view.gpuTypes.length > 0 ? <GpuTypeSpendTable rows={view.gpuTypes} /> : null}
      <SpendChart days={view.days} label={`Spend per day, ${view.team}`} />
      {view.clusters.length > 0 ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold">Clusters this period</h3>
            <TeamClustersCsv
              rows={view.clusters}
              fileName={`${view.team.replace(/[^\w.-]+/g, "-")}-clusters-${new Date(view.period.from).toISOString().slice(0, 10)}.csv`}
            />
          </div>
          <div className="overflow-x-auto rounded-lg border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Cluster</TableHead>
                  <TableHead scope="col">Launched by</TableHead>
                  <TableHead scope="col">Ran</TableHead>
                  <TableHead scope="col" className="text-right">
                    Hours
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    Cost
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    <abbr title="dollars per GPU-hour" className="no-underline">
                      $/GPU-h
                    </abbr>
                  </TableHead>
                  <TableHead scope="col">Ended by</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {view.clusters.map((c) => (
                  <TableRow key={c.id} data-testid="team-cluster-row">
                    <TableCell className="max-w-48">
                      <span className="block truncate font-medium">{c.name}</span>
                      {c.gpuType ? (
                        <span className="block truncate text-xs text-muted-foreground">{c.gpuType}</span>
                      ) : null}
                    </TableCell>
                    <TableCell className="max-w-48 truncate">{c.owner}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {c.from === null ? (
                        "not billed yet"
                      ) : (
                        <>
                          {formatDateTime(c.from)} →{" "}
                          {c.to === null ? "running" : formatDateTime(c.to, { now: c.from })}
                        </>
                      )}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{c.hours.toFixed(2)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatUsd(c.cost)}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {c.perGpuHour === null ? "—" : formatUsd(c.perGpuHour)}
                    </TableCell>
                    <TableCell className="max-w-64 truncate">
                      {c.to === null ? "" : (c.endedBy ?? "outside Clusterdeck")}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** What each GPU type cost the team this period, its GPU-hours, and what one GPU-hour of it cost. */
function GpuTypeSpendTable({ rows }: { rows: TeamSpendView["gpuTypes"] }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table aria-label="Spend by GPU type">
        <TableHeader>
          <TableRow>
            <TableHead scope="col">GPU type</TableHead>
            <TableHead scope="col" className="text-right">
              Clusters
            </TableHead>
            <TableHead scope="col" className="text-right">
              GPU-hours
            </TableHead>
            <TableHead scope="col" className="text-right">
              Per GPU-hour
            </TableHead>
            <TableHead scope="col" className="text-right">
              This period
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((g) => (
            <TableRow key={g.gpuType} data-testid="gpu-type-row">
              <TableCell className="max-w-64 truncate">{g.gpuType}</TableCell>
              <TableCell className="text-right tabular-nums">{g.clusters}</TableCell>
              <TableCell className="text-right tabular-nums">
                {g.gpuHours === null ? "—" : g.gpuHours.toFixed(1)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {g.perGpuHour === null ? "—" : formatUsd(g.perGpuHour)}
              </TableCell>
              <TableCell className="text-right font-medium tabular-nums">{formatUsd(g.spent)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
