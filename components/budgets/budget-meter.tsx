import {
  budgetLines,
  periodSpan,
  runsOutWords,
  type BudgetStanding,
  type BudgetView,
} from "@/lib/budgets/budget";
import { formatUsd } from "@/lib/format/money";
import { cn } from "@/lib/utils";

/**
 * One budget: a bar of what is spent (solid) and held by running clusters until their limits (light), against the
 * cap; what is left; and when it runs out at the rate burning now.
 */
function BudgetMeter({ label, view, now }: { label: string; view: BudgetView; now: number }) {
  const pct = (x: number) => `${Math.min(100, Math.max(0, (x / view.cap) * 100)).toFixed(1)}%`;
  const over = view.used >= 1;
  const warn = !over && view.used >= 0.8;
  return (
    <div className="flex flex-col gap-1.5" data-testid="budget-meter">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground tabular-nums">
          {formatUsd(view.spent)} of {formatUsd(view.cap)}
        </span>
      </div>
      <div
        role="meter"
        aria-label={`${label}: share spent`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(Math.min(1, view.used) * 100)}
        aria-valuetext={`${Math.round(view.used * 100)} % spent, ${formatUsd(view.left)} left`}
        className="flex h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn("h-full", over ? "bg-destructive" : warn ? "bg-warning" : "bg-primary")}
          style={{ width: pct(view.spent) }}
        />
        <div
          className="h-full bg-primary/30"
          style={{ width: pct(view.held) }}
          title="Held by running clusters"
        />
      </div>
      <p className={cn("text-xs", over ? "text-destructive" : "text-muted-foreground")}>
        {formatUsd(view.left)} left
        {view.held > 0 ? ` · ${formatUsd(view.held)} held by running clusters` : ""} ·{" "}
        {runsOutWords(view, now)}
      </p>
    </div>
  );
}

/** The team's budgets as a member reads them (Settings → Team, Spend, the create form); nothing without one. */
export function BudgetStandingView({
  standing,
  className,
}: {
  standing: BudgetStanding | null;
  className?: string;
}) {
  if (!standing) return null;
  const { budget, period, now } = standing;
  return (
    <section
      aria-label="Budgets"
      className={cn("flex flex-col gap-3 rounded-lg border bg-card p-4", className)}
      data-testid="budget-standing"
    >
      <p className="text-sm text-muted-foreground">
        {budgetLines(budget).join(" · ")}. This period: {periodSpan(period)}.
      </p>
      {standing.team ? <BudgetMeter label="The team's budget" view={standing.team} now={now} /> : null}
      {standing.member ? <BudgetMeter label="Your budget" view={standing.member} now={now} /> : null}
    </section>
  );
}
