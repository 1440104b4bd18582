/**
 * Money for people: credits are US dollars (runcrate-api.md §1.9), always shown in en-US ("$1,234.56", "-$3.00") so a
 * figure reads the same on every machine, on the server and in the browser. A non-finite amount (a bad upstream
 * figure) shows as $0.00, never "$NaN". The formats are made once, when the module loads.
 */
const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const usdFine = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

const finite = (x: number) => (Number.isFinite(x) ? x : 0);

/** "$1,234.56" — balances, totals, costs so far. */
export function formatUsd(x: number): string {
  return usd.format(finite(x));
}

/** Prices keep sub-cent precision ("$0.4375" per GPU-hour), so a per-GPU price is never rounded to a wrong-looking figure. */
export function formatPrice(x: number): string {
  return usdFine.format(finite(x));
}

/** A rate with its unit: "$12.50/h". */
export function formatHourly(perHour: number): string {
  return `${formatPrice(perHour)}/h`;
}
