"use client";

import { useEffect, useRef, useState } from "react";
import { niceTicks } from "@/lib/clusters/chart-scale";
import { formatBytes, formatGbps } from "@/lib/format/number";
import type { TestSize } from "@/lib/runcrate/schemas";

const PAD = { left: 48, right: 16, top: 16, bottom: 36 };

/**
 * Bus bandwidth by message size, as plain SVG: log2 x axis (8 B … 8 GiB), linear y axis, a dashed line at the
 * interconnect's line rate. The figure has a text summary for screen readers; the table beside it carries every value.
 */
export function BusbwChart({
  sizes,
  lineRate,
  describedBy,
}: {
  sizes: TestSize[];
  lineRate: number | null;
  describedBy?: string;
}) {
  // The drawing is as wide as its box, so labels keep their size on a phone instead of shrinking with the figure.
  const box = useRef<HTMLElement>(null);
  const [W, setW] = useState(640);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => {
      if (entry) setW(Math.max(280, Math.round(entry.contentRect.width)));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const H = W < 480 ? 200 : 240;
  const pts = [...sizes].filter((s) => s.bytes > 0).sort((a, b) => a.bytes - b.bytes);
  if (pts.length === 0) return null;
  const xs = pts.map((s) => Math.log2(s.bytes));
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs, xMin + 1);
  const peak = Math.max(...pts.map((s) => s.busbw_gb_s));
  const yTicks = niceTicks(Math.max(peak, lineRate ?? 0) * 1.04);
  const yMax = yTicks[yTicks.length - 1]!;
  const x = (b: number) => PAD.left + ((Math.log2(b) - xMin) / (xMax - xMin)) * (W - PAD.left - PAD.right);
  const y = (v: number) => H - PAD.bottom - (Math.max(0, v) / yMax) * (H - PAD.top - PAD.bottom);
  const path = pts
    .map((s, i) => `${i === 0 ? "M" : "L"}${x(s.bytes).toFixed(1)},${y(s.busbw_gb_s).toFixed(1)}`)
    .join(" ");
  const step = W < 480 ? 20 : 10;
  const xTicks = [
    ...new Set(
      pts
        .filter((s, i) => (Math.log2(s.bytes) - xMin) % step === 0 || i === pts.length - 1)
        .map((s) => s.bytes),
    ),
  ];
  const best = pts.reduce((a, b) => (b.busbw_gb_s > a.busbw_gb_s ? b : a));
  const summary = `Bus bandwidth rises from ${formatGbps(pts[0]!.busbw_gb_s)} at ${formatBytes(pts[0]!.bytes)} to a peak of ${formatGbps(peak)} at ${formatBytes(best.bytes)}${lineRate ? `; the interconnect's line rate is ${formatGbps(lineRate)}` : ""}.`;

  return (
    <figure ref={box} className="w-full">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-label={summary}
        aria-describedby={describedBy}
        data-testid="busbw-chart"
      >
        {yTicks.map((v) => (
          <g key={v}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(v)}
              y2={y(v)}
              className="stroke-border"
              strokeWidth={1}
            />
            <text
              x={PAD.left - 6}
              y={y(v)}
              dy="0.32em"
              textAnchor="end"
              className="fill-muted-foreground text-[11px] tabular-nums"
            >
              {v}
            </text>
          </g>
        ))}
        {xTicks.map((b) => (
          <text
            key={b}
            x={x(b)}
            y={H - PAD.bottom + 16}
            textAnchor="middle"
            className="fill-muted-foreground text-[11px]"
          >
            {formatBytes(b)}
          </text>
        ))}
        <text x={PAD.left} y={H - 4} className="fill-muted-foreground text-[11px]">
          message size (log scale)
        </text>
        <text
          x={12}
          y={PAD.top + (H - PAD.top - PAD.bottom) / 2}
          transform={`rotate(-90 12 ${PAD.top + (H - PAD.top - PAD.bottom) / 2})`}
          textAnchor="middle"
          className="fill-muted-foreground text-[11px]"
        >
          busbw GB/s
        </text>
        {lineRate != null && (
          <g>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(lineRate)}
              y2={y(lineRate)}
              className="stroke-warning"
              strokeWidth={1.5}
              strokeDasharray="6 4"
            />
            <text
              x={W - PAD.right}
              y={y(lineRate) - 5}
              textAnchor="end"
              className="fill-warning text-[11px] font-medium"
            >
              line rate {formatGbps(lineRate)}
            </text>
          </g>
        )}
        <path d={path} fill="none" className="stroke-brand" strokeWidth={2} strokeLinejoin="round" />
        {pts.map((s) => (
          <circle
            key={s.bytes}
            cx={x(s.bytes)}
            cy={y(s.busbw_gb_s)}
            r={s === best ? 4 : 2.5}
            className={s === best ? "fill-brand" : "fill-background stroke-brand"}
            strokeWidth={1.5}
          >
            <title>{`${formatBytes(s.bytes)}: ${formatGbps(s.busbw_gb_s)}`}</title>
          </circle>
        ))}
      </svg>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
