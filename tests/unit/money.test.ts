import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatHourly, formatPrice, formatUsd } from "@/lib/money";

describe("money formatting", () => {
  it("shows balances and totals to the cent, in en-US dollars", () => {
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(1234.5)).toBe("$1,234.50");
    expect(formatUsd(1234.567)).toBe("$1,234.57");
    expect(formatUsd(-3)).toBe("-$3.00");
  });
  it("keeps a price's sub-cent digits, up to four", () => {
    expect(formatPrice(0.4375)).toBe("$0.4375");
    expect(formatPrice(2)).toBe("$2.00");
    expect(formatPrice(0.123456)).toBe("$0.1235");
    expect(formatHourly(12.5)).toBe("$12.50/h");
  });
  it("never shows $NaN or $Infinity for a bad upstream figure", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(formatUsd(bad)).toBe("$0.00");
      expect(formatPrice(bad)).toBe("$0.00");
      expect(formatHourly(bad)).toBe("$0.00/h");
    }
  });
  it("reads back to the amount it was given, within its rounding", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        const back = Number(formatUsd(x).replace(/[$,]/g, ""));
        expect(Math.abs(back - x)).toBeLessThanOrEqual(0.005 + 1e-6 * Math.abs(x));
      }),
    );
  });
});
