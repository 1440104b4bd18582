/**
 * Money for people: credits are US dollars (runcrate-api.md §1.9), always shown in en-US so a figure reads the same
 * on every machine. A non-finite amount (a bad upstream figure) shows as $0.00, never "$NaN". The text is Intl's
 * currency format, written without Intl (lib/number-text.ts says why).
 */
import { groupDigits, minus, roundedDigits, trimFraction } from "@/lib/number-text";

const finite = (x: number) => (Number.isFinite(x) ? x : 0);

/** "$1,234.5678" with `max` fraction digits, trailing zeros dropped down to two — Intl's en-US USD currency format. */
function dollars(amount: number, max: 2 | 4): string {
  const x = finite(amount);
  const d = roundedDigits(Math.abs(x), max);
  if (!d)
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: 2,
      maximumFractionDigits: max,
    }).format(x);
  return `${minus(x)}$${groupDigits(d.int)}.${trimFraction(d.frac, 2)}`;
}

/** $1,234.56 — balances, totals, costs so far. */
export function formatUsd(x: number): string {
  return dollars(x, 2);
}

/** Prices keep sub-cent precision ($0.4375 per GPU-hour), so a per-GPU price is never rounded to a wrong-looking figure. */
export function formatPrice(x: number): string {
  return dollars(x, 4);
}

/** A rate with its unit: "$12.50/h". */
export function formatHourly(perHour: number): string {
  return `${formatPrice(perHour)}/h`;
}
