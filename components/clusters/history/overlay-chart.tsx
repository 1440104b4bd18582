import { formatBytes, formatGbps } from "@/lib/format/number";
import type { TestSize } from "@/lib/runcrate/schemas";

const W = 640;
const H = 240;
const PAD = { left: 48, right: 16, top: 16, bottom: 36 };
const STROKES = ["stroke-brand", "stroke-info"] as const;
const DASH = [undefined, "6 4"] as const;

export type Series = { label: string; sizes: TestSize[] };

/** Two runs' bus bandwidth by message size on one log2 axis; solid and dashed so colour is not the only cue. */
export function OverlayChart({ series }: { series: Series[] }) {
  const all = series.flatMap((s) => s.sizes.filter((p) => p.bytes > 0));
  if (all.length === 0)
    return <p className="text-sm text-muted-foreground">These runs have no sizes to draw.</p>;
  const xs = all.map((p) => Math.log2(p.bytes));
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs, xMin + 1);
  const yMax = Math.max(...all.map((p) => p.busbw_gb_s), 1) * 1.08;
  const x = (b: number) => PAD.left + ((Math.log2(b) - xMin) / (xMax - xMin)) * (W - PAD.left - PAD.right);
  const y = (v: number) => H - PAD.bottom - (Math.max(0, v) / yMax) * (H - PAD.top - PAD.bottom);
  const summary = series
    .map((s) => {
      const peak = Math.max(...s.sizes.map((p) => p.busbw_gb_s), 0);
      return `${s.label}: peak ${formatGbps(peak)}`;
    })
    .join("; ");
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Bus bandwidth by size. ${summary}.`}
        data-testid="overlay-chart"
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(f * yMax)}
              y2={y(f * yMax)}
              className="stroke-border"
            />
            <text
              x={PAD.left - 6}
              y={y(f * yMax) + 4}
              textAnchor="end"
              className="fill-muted-foreground text-[11px]"
            >
              {Math.round(f * yMax)}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={H - 8} className="fill-muted-foreground text-[11px]">
          {formatBytes(2 ** xMin)}
        </text>
        <text x={W - PAD.right} y={H - 8} textAnchor="end" className="fill-muted-foreground text-[11px]">
          {formatBytes(2 ** xMax)}
        </text>
        {series.map((s, i) => {
          const pts = [...s.sizes].filter((p) => p.bytes > 0).sort((a, b) => a.bytes - b.bytes);
          const d = pts
            .map((p, j) => `${j ? "L" : "M"}${x(p.bytes).toFixed(1)},${y(p.busbw_gb_s).toFixed(1)}`)
            .join(" ");
          return (
            <path
              key={s.label}
              d={d}
              fill="none"
              strokeWidth={2}
              strokeDasharray={DASH[i]}
              className={STROKES[i]}
              data-series={i}
            />
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-muted-foreground">
        {series.map((s, i) => (
          <span key={s.label} className="flex items-center gap-1.5">
            <svg width="24" height="6" aria-hidden="true">
              <line
                x1="0"
                x2="24"
                y1="3"
                y2="3"
                strokeWidth={2}
                strokeDasharray={DASH[i]}
                className={STROKES[i]}
              />
            </svg>
            {s.label}
          </span>
        ))}
        <span>GB/s bus bandwidth by message size</span>
      </figcaption>
    </figure>
  );
}
