/**
 * A linear axis with round ticks: the step is 1, 2, 2.5 or 5 times a power of ten, so labels read 0/50/100/150/200
 * and never 63/125/188/250. The axis ends at the first tick at or above the largest value.
 */
export function niceTicks(max: number, maxIntervals = 5): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const rough = max / Math.max(1, maxIntervals);
  const mag = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * mag >= rough) ?? 10) * mag;
  const count = Math.ceil(max / step - 1e-9);
  // Rounded to the step's own precision, so 0.1 × 3 prints as 0.3.
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return Array.from({ length: count + 1 }, (_, i) => Number((i * step).toFixed(digits)));
}
