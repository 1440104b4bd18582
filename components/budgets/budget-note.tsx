import { WalletIcon } from "lucide-react";
import { launchBudgetBreaches, type BudgetStanding, type BudgetView } from "@/lib/budgets/budget";
import { formatUsd } from "@/lib/format/money";
import { cn } from "@/lib/utils";

/**
 * The create form's word on the team's budgets: what this launch would hold of them (its rate for its time limit),
 * what is left, and — as the server will answer — each budget it would go past. Nothing without a budget.
 */
export function BudgetNote({
  standing,
  launch,
}: {
  standing: BudgetStanding | null;
  launch: { rate: number; timeLimitMinutes: number | null };
}) {
  if (!standing) return null;
  const { dollars, breaches } = launchBudgetBreaches(standing, launch);
  const leftIn = (v: BudgetView | null, whose: string) =>
    v ? `${formatUsd(Math.max(0, v.cap - v.spent - v.held))} of ${whose}` : null;
  const left = [leftIn(standing.team, "the team's budget"), leftIn(standing.member, "yours")].filter(Boolean);
  return (
    <div
      data-testid="budget-note"
      role={breaches.length ? "alert" : undefined}
      className={cn(
        "flex gap-2 rounded-md border px-3 py-2 text-sm",
        breaches.length ? "border-destructive/40 bg-destructive/5" : "bg-muted/40",
      )}
    >
      <WalletIcon
        aria-hidden="true"
        className={cn(
          "mt-0.5 size-4 shrink-0",
          breaches.length ? "text-destructive" : "text-muted-foreground",
        )}
      />
      <div className="flex flex-col gap-1">
        <p>
          <span className="font-medium">Budgets:</span> this launch would hold {formatUsd(dollars)}
          {launch.timeLimitMinutes === null ? " (no time limit: its rate to the period's end)" : ""}. Left
          after what runs now: {left.join(" and ")}.
        </p>
        {breaches.map((b) => (
          <p key={b.rule} className="text-destructive">
            {b.message}
          </p>
        ))}
      </div>
    </div>
  );
}
