/**
 * en-US number text without Intl: the digits, rounding and separators that `Intl.NumberFormat("en-US")` gives, for
 * the shapes the console shows. The first Intl number format a page creates makes Chromium load ICU's data on the main
 * thread: 40–50 ms on the bench machine, in the middle of hydrating (docs/performance.md, "Number text without Intl").
 * tests/unit/number-text.test.ts checks every function here against Intl itself.
 */

/** "1234567" → "1,234,567". */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * A non-negative finite number's integer and fraction digits, rounded half away from zero to exactly `places` fraction
 * digits. Like ICU, this rounds the shortest decimal that reads back as the number (what String(x) gives, so 1.005
 * rounds to 1.01), not its exact binary value (which toFixed rounds, giving 1.00). Null at 1e21 and above, where
 * String(x) switches to an exponent: callers fall back to Intl, which no amount the console shows reaches.
 */
export function roundedDigits(abs: number, places: number): { int: string; frac: string } | null {
  if (abs >= 1e21) return null;
  const text = abs < 1e-6 ? "0" : String(abs); // below 1e-6 String(x) uses an exponent; it rounds to 0 at ≤ 6 places
  const [int = "0", frac = ""] = text.split(".");
  if (frac.length <= places) return { int, frac: frac.padEnd(places, "0") };
  let kept = BigInt(int + frac.slice(0, places));
  if (frac.charCodeAt(places) >= 53 /* "5" */) kept += 1n;
  const all = kept.toString().padStart(places + 1, "0");
  return { int: all.slice(0, all.length - places), frac: all.slice(all.length - places) };
}

/** Drops trailing zeros of a fraction down to `min` digits: ("4300", 2) → "43". */
export function trimFraction(frac: string, min: number): string {
  let end = frac.length;
  while (end > min && frac[end - 1] === "0") end--;
  return frac.slice(0, end);
}

/** Intl's sign: a minus for every negative number, negative zero included. */
export const minus = (x: number): string => (x < 0 || Object.is(x, -0) ? "-" : "");

/** What `n.toLocaleString("en-US")` gives (up to three fraction digits, separators): counts, link rates. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return n.toLocaleString("en-US");
  const d = roundedDigits(Math.abs(n), 3);
  if (!d) return n.toLocaleString("en-US");
  const frac = trimFraction(d.frac, 0);
  return `${minus(n)}${groupDigits(d.int)}${frac ? `.${frac}` : ""}`;
}
