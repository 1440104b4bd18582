import type { DaySpend } from "@/lib/spend/spend-rows";
import { formatDate } from "@/lib/format/date";
import { formatUsd } from "@/lib/format/money";

/** Spend per day as plain SVG bars (no chart library): 30 bars, a round top tick, the busiest day labelled. */
export function SpendChart({ days, label }: { days: DaySpend[]; label: string }) {
  const max = Math.max(0, ...days.map((d) => d.amount));
  const top = roundUp(max);
  const w = 600;
  const h = 140;
  const pad = { l: 48, b: 20, t: 8 };
  const bw = (w - pad.l) / days.length;
  const total = days.reduce((s, d) => s + d.amount, 0);
  return (
    <figure className="flex flex-col gap-1">
      <svg
        viewBox={`0 0 ${w} ${h}`}
        className="h-auto w-full max-w-full"
        role="img"
        aria-label={`${label}: ${formatUsd(total)} over ${days.length} days, at most ${formatUsd(max)} a day`}
        data-testid="spend-chart"
      >
        <line x1={pad.l} x2={w} y1={h - pad.b} y2={h - pad.b} className="stroke-border" />
        <text x={pad.l - 6} y={pad.t + 4} textAnchor="end" className="fill-muted-foreground text-[10px]">
          {formatUsd(top)}
        </text>
        <text x={pad.l - 6} y={h - pad.b} textAnchor="end" className="fill-muted-foreground text-[10px]">
          $0
        </text>
        {days.map((d, i) => {
          const bh = top > 0 ? ((h - pad.b - pad.t) * d.amount) / top : 0;
          return (
            <rect
              key={d.day}
              x={pad.l + i * bw + 1}
              y={h - pad.b - bh}
              width={Math.max(1, bw - 2)}
              height={bh}
              className="fill-brand"
            >
              <title>{`${formatDate(d.day)}: ${formatUsd(d.amount)}`}</title>
            </rect>
          );
        })}
        <text x={pad.l} y={h - 4} className="fill-muted-foreground text-[10px]">
          {days.length > 0 && formatDate(days[0]?.day)}
        </text>
        <text x={w} y={h - 4} textAnchor="end" className="fill-muted-foreground text-[10px]">
          {days.length > 0 && formatDate(days.at(-1)?.day)}
        </text>
      </svg>
      <figcaption className="text-xs text-muted-foreground">
        {label}: {formatUsd(total)} in {days.length} days (UTC days; from the spend record, estimated where it
        has no history).
      </figcaption>
    </figure>
  );
}

/** 1, 2, 5 × 10ⁿ at or above x (a round axis top). */
function roundUp(x: number): number {
  if (x <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 5, 10]) if (m * p >= x) return m * p;
  return 10 * p;
}
