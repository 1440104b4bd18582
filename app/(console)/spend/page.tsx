import type { Metadata } from "next";
import Link from "next/link";
import { SpendChart } from "@/components/spend/spend-chart";
import { SpendTable } from "@/components/spend/spend-table";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format/date";
import { formatRunway } from "@/lib/format/duration";
import { formatHourly, formatUsd } from "@/lib/format/money";
import { requireUser } from "@/lib/accounts/server/session";
import { loadSpend, TRANSACTIONS_PAGE } from "@/lib/spend/server/spend-page";
import { keysToRead } from "@/lib/keys/server/key-views";
import { keyRing } from "@/lib/server/crypto/key-ring";
import { getDb } from "@/lib/server/db/client";
import { activeTeamBudget, activeTeamSpend } from "@/lib/budgets/server/budget-standing";
import { TeamSpend } from "@/components/budgets/team-spend";
import { BudgetStandingView } from "@/components/budgets/budget-meter";

export const metadata: Metadata = { title: "Spend" };

export default async function SpendPage({ searchParams }: { searchParams: Promise<{ offset?: string }> }) {
  const user = await requireUser();
  const raw = Number((await searchParams).offset ?? 0);
  const offset = Number.isInteger(raw) && raw >= 0 && raw <= 100_000 ? raw : 0;
  const [keys, budget, teamSpend] = await Promise.all([
    keysToRead(await getDb(), user.id, keyRing()).then((mine) => loadSpend(mine, offset)),
    activeTeamBudget(user.id),
    activeTeamSpend(user.id),
  ]);
  const rows = keys.flatMap((k) => k.rows.map((r) => ({ ...r, keyLabel: k.label })));
  return (
    <div className="flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">Spend</h1>
        <p className="text-sm text-pretty text-muted-foreground">
          What each key’s workspace has left and burns, what clusters cost (from Clusterdeck’s spend record),
          and Runcrate’s own transaction record beside it.
        </p>
      </div>
      {budget ? (
        <section aria-labelledby="budget-heading" className="flex flex-col gap-2">
          <h2 id="budget-heading" className="text-base font-semibold">
            {budget.team}&rsquo;s budgets
          </h2>
          <BudgetStandingView standing={budget.standing} />
        </section>
      ) : null}
      {teamSpend ? <TeamSpend view={teamSpend} /> : null}
      {keys.length === 0 ? (
        <p className="text-sm">
          No Runcrate key yet.{" "}
          <Link href="/settings/keys" className="underline">
            Add one in Settings
          </Link>
          .
        </p>
      ) : null}
      {keys.map((k) => (
        <Card key={k.id} data-testid="spend-key">
          <CardHeader>
            <CardTitle>
              <h2>
                {k.label} <span className="font-normal text-muted-foreground">…{k.last4}</span>
                {k.environment ? (
                  <span className="font-normal text-muted-foreground"> · {k.environment}</span>
                ) : null}
              </h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {k.error ? (
              <p role="alert" className="text-sm text-destructive">
                {k.error}
              </p>
            ) : null}
            <dl className="grid grid-cols-3 gap-4 text-sm">
              <div>
                <dt className="text-muted-foreground">Balance</dt>
                <dd className="text-lg font-semibold tabular-nums" data-testid="spend-balance">
                  {k.balance === null ? "—" : formatUsd(k.balance)}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Burn rate now</dt>
                <dd className="text-lg font-semibold tabular-nums" data-testid="spend-burn">
                  {formatHourly(k.burn)}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Runway</dt>
                <dd className="text-lg font-semibold tabular-nums" data-testid="spend-runway">
                  {k.balance === null ? "—" : formatRunway(k.runwayHours)}
                </dd>
              </div>
            </dl>
            <SpendChart days={k.daily} label={`Spend per day, ${k.label}`} />
            <section className="flex flex-col gap-2" aria-labelledby={`tx-${k.id}`}>
              <h3 id={`tx-${k.id}`} className="text-sm font-semibold">
                Runcrate’s record (GET /billing/transactions)
              </h3>
              <p className="text-xs text-muted-foreground" data-testid="spend-compare">
                Console’s estimate, last 30 days: {formatUsd(k.estimate30)}
                {k.apiShownUsage !== null
                  ? ` · Runcrate’s usage debits in the ${k.transactions.length} latest entries: ${formatUsd(k.apiShownUsage)}`
                  : ""}
              </p>
              {k.transactionsError ? (
                <p role="alert" className="text-sm text-destructive">
                  {k.transactionsError}
                </p>
              ) : k.transactions.length === 0 ? (
                <p className="text-sm text-muted-foreground">No transactions.</p>
              ) : (
                <div className="overflow-x-auto rounded-md border">
                  <table className="w-full text-sm" aria-label={`Runcrate transactions, ${k.label}`}>
                    <thead className="text-left text-xs text-muted-foreground">
                      <tr>
                        <th className="px-3 py-2 font-medium">When</th>
                        <th className="px-3 py-2 font-medium">Type</th>
                        <th className="px-3 py-2 font-medium">Description</th>
                        <th className="px-3 py-2 text-right font-medium">Amount</th>
                      </tr>
                    </thead>
                    <tbody>
                      {k.transactions.map((t) => (
                        <tr key={t.id} className="border-t" data-testid="spend-transaction">
                          <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">
                            {formatDateTime(t.createdAt)}
                          </td>
                          <td className="px-3 py-1.5">{t.type ?? "—"}</td>
                          <td className="max-w-md truncate px-3 py-1.5">{t.description ?? ""}</td>
                          <td className="px-3 py-1.5 text-right tabular-nums">{formatUsd(t.amount)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              {k.isActive && (offset > 0 || (k.transactionsTotal ?? 0) > offset + TRANSACTIONS_PAGE) ? (
                <nav className="flex gap-3 text-sm" aria-label="Transaction pages">
                  {offset > 0 ? (
                    <Link
                      href={`/spend?offset=${Math.max(0, offset - TRANSACTIONS_PAGE)}`}
                      className="underline"
                    >
                      Newer
                    </Link>
                  ) : null}
                  {(k.transactionsTotal ?? 0) > offset + TRANSACTIONS_PAGE ? (
                    <Link href={`/spend?offset=${offset + TRANSACTIONS_PAGE}`} className="underline">
                      Older
                    </Link>
                  ) : null}
                </nav>
              ) : null}
            </section>
          </CardContent>
        </Card>
      ))}
      <SpendTable rows={rows} />
    </div>
  );
}
