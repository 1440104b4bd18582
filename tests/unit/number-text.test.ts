import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPrice, formatUsd } from "@/lib/money";
import { formatUtc } from "@/lib/limits/input";
import { formatCount, groupDigits, roundedDigits } from "@/lib/number-text";

// The reference: what the console showed before it stopped creating Intl formats in the browser.
const intlUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const intlPrice = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

// Doubles of every magnitude the console could be sent, and decimals with few digits (where ties live).
const amounts = fc.oneof(
  fc.double({ min: -1e22, max: 1e22, noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000),
  fc.integer({ min: -100_000_000, max: 100_000_000 }).map((n) => n / 100_000),
);

describe("number text without Intl", () => {
  it("formats dollars exactly as Intl's en-US currency format does", () => {
    fc.assert(
      fc.property(amounts, (x) => {
        expect(formatUsd(x)).toBe(intlUsd.format(x));
        expect(formatPrice(x)).toBe(intlPrice.format(x));
      }),
      { numRuns: 5000 },
    );
  });

  it("rounds the shortest decimal of a number, as Intl does, not its binary value", () => {
    for (const x of [1.005, 0.285, 1.255, 0.145, 2.675, 8.345, 0.00005, 0.99995, 999.995, 123456789.125]) {
      expect(formatUsd(x)).toBe(intlUsd.format(x));
      expect(formatPrice(x)).toBe(intlPrice.format(x));
    }
    expect(formatUsd(1.005)).toBe("$1.01");
    expect(formatPrice(0.99995)).toBe("$1.00");
    expect(formatUsd(999.995)).toBe("$1,000.00");
  });

  it("signs negative amounts and negative zero as Intl does", () => {
    for (const x of [-0, -0.001, -3, -1234.5]) expect(formatUsd(x)).toBe(intlUsd.format(x));
    expect(formatUsd(-3)).toBe("-$3.00");
  });

  it("formats counts exactly as toLocaleString('en-US') does", () => {
    fc.assert(
      fc.property(amounts, (x) => {
        expect(formatCount(x)).toBe(x.toLocaleString("en-US"));
      }),
      { numRuns: 5000 },
    );
    for (const x of [0, 7, 1000, 3200, 1234567, 12.5, 0.0005, Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatCount(x)).toBe(x.toLocaleString("en-US"));
  });

  it("groups digits in threes", () => {
    expect(groupDigits("1")).toBe("1");
    expect(groupDigits("1000")).toBe("1,000");
    expect(groupDigits("123456789")).toBe("123,456,789");
  });

  it("carries a rounding into the integer digits", () => {
    expect(roundedDigits(9.999, 2)).toEqual({ int: "10", frac: "00" });
    expect(roundedDigits(0.005, 2)).toEqual({ int: "0", frac: "01" });
    expect(roundedDigits(0.004, 2)).toEqual({ int: "0", frac: "00" });
  });
});

describe("a limit's end time without Intl", () => {
  it("names the month as Intl's en-US short month does, on days other than today", () => {
    const now = Date.UTC(2026, 11, 2, 9, 0);
    expect(formatUtc(Date.UTC(2026, 11, 2, 18, 40), now)).toBe("18:40 UTC");
    for (let month = 0; month < 12; month++) {
      const t = Date.UTC(2027, month, 5, 7, 3);
      const intl = new Date(t).toLocaleString("en-US", { month: "short", timeZone: "UTC" });
      expect(formatUtc(t, now)).toBe(`${intl} 5, 07:03 UTC`);
    }
  });
});
