import type { BurnDown, BurnPoint } from "@/lib/budgets/burn-down";
import { formatDate, formatDateTime } from "@/lib/format/date";
import { formatUsd } from "@/lib/format/money";

/**
 * The team budget's burn-down as plain SVG (like the spend chart, no chart library): what is left through the
 * period — the steps so far, the even pace to zero (dotted), and where the current rate takes it (dashed).
 */
export function BudgetBurnDown({ burn, label }: { burn: BurnDown; label: string }) {
  const w = 600;
  const h = 160;
  const pad = { l: 56, r: 8, b: 20, t: 8 };
  const { cap, period } = burn;
  const lowest = Math.min(0, ...burn.actual.map((p) => p.left), burn.projected[1].left);
  const x = (at: number) => pad.l + ((at - period.from) / (period.to - period.from)) * (w - pad.l - pad.r);
  const y = (left: number) => pad.t + ((cap - left) / (cap - lowest || 1)) * (h - pad.t - pad.b);
  const path = (points: readonly BurnPoint[]) =>
    points.map((p, i) => `${i === 0 ? "M" : "L"}${x(p.at).toFixed(1)},${y(p.left).toFixed(1)}`).join(" ");
  // Steps: what was left holds through each day, then drops by its spend at the day's end.
  const steps: BurnPoint[] = [];
  burn.actual.forEach((p, i) => {
    const prev = burn.actual[i - 1];
    if (prev) steps.push({ at: p.at, left: prev.left });
    steps.push(p);
  });
  const left = burn.actual.at(-1)?.left ?? cap;
  const words =
    burn.runsOutAt === null
      ? "at the current rate it lasts the period"
      : left <= 0
        ? "it is used up"
        : `at the current rate it runs out on ${formatDateTime(burn.runsOutAt)}`;
  return (
    <figure className="flex flex-col gap-1">
      <svg
        viewBox={`0 0 ${w} ${h}`}
        className="h-auto w-full max-w-full"
        role="img"
        aria-label={`${label}: ${formatUsd(Math.max(0, left))} of ${formatUsd(cap)} left; ${words}`}
        data-testid="budget-burn-down"
      >
        <line x1={pad.l} x2={w - pad.r} y1={y(0)} y2={y(0)} className="stroke-border" />
        <text x={pad.l - 6} y={y(cap) + 4} textAnchor="end" className="fill-muted-foreground text-[10px]">
          {formatUsd(cap)}
        </text>
        <text x={pad.l - 6} y={y(0) + 3} textAnchor="end" className="fill-muted-foreground text-[10px]">
          $0
        </text>
        <path d={path(burn.even)} className="fill-none stroke-muted-foreground" strokeDasharray="2 4" />
        <path
          d={path(burn.projected)}
          className="fill-none stroke-warning"
          strokeWidth={2}
          strokeDasharray="6 4"
        />
        <path d={path(steps)} className="fill-none stroke-brand" strokeWidth={2} />
        <text x={pad.l} y={h - 4} className="fill-muted-foreground text-[10px]">
          {formatDate(new Date(period.from).toISOString().slice(0, 10))}
        </text>
        <text x={w - pad.r} y={h - 4} textAnchor="end" className="fill-muted-foreground text-[10px]">
          {formatDate(new Date(period.to - 1).toISOString().slice(0, 10))}
        </text>
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span>
          {label}: {formatUsd(Math.max(0, left))} of {formatUsd(cap)} left; {words}.
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-brand" /> left
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block w-4 border-t-2 border-dashed border-warning" /> at
          the current rate
        </span>
        <span className="flex items-center gap-1">
          <span
            aria-hidden="true"
            className="inline-block w-4 border-t border-dotted border-muted-foreground"
          />{" "}
          even pace
        </span>
      </figcaption>
    </figure>
  );
}
