import { SpendChart } from "@/components/spend/spend-chart";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { periodSpan, type TeamSpendView } from "@/lib/budgets/budget";
import { formatHourly, formatUsd } from "@/lib/format/money";

/** The Spend page's team section: what the team's clusters cost this period, by member and by day. */
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
      <SpendChart days={view.days} label={`Spend per day, ${view.team}`} />
    </section>
  );
}
