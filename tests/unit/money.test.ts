import fc from "../support/fast-check";
import { describe, expect, it } from "vitest";
import { formatHourly, formatPrice, formatUsd } from "@/lib/format/money";

describe("money formatting", () => {
  it("shows balances and totals to the cent, in en-US dollars with thousands separators", () => {
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(1234.56)).toBe("$1,234.56");
    expect(formatUsd(1234.5)).toBe("$1,234.50");
    expect(formatUsd(1234567.891)).toBe("$1,234,567.89");
    expect(formatUsd(1e15)).toBe("$1,000,000,000,000,000.00");
  });
  it("rounds half away from zero on the decimal a person wrote, not on its binary value", () => {
    // 1.005 is 1.00499999999999989… in binary: toFixed(2) gives "1.00", Intl "1.01".
    expect(formatUsd(1.005)).toBe("$1.01");
    expect(formatUsd(1234.567)).toBe("$1,234.57");
    expect(formatUsd(999.995)).toBe("$1,000.00");
    expect(formatUsd(0.004)).toBe("$0.00");
    expect(formatUsd(-2.675)).toBe("-$2.68");
  });
  it("puts the minus before the dollar sign", () => {
    expect(formatUsd(-3)).toBe("-$3.00");
    expect(formatUsd(-1234.5)).toBe("-$1,234.50");
    expect(formatPrice(-0.4375)).toBe("-$0.4375");
  });
  it("keeps a price's sub-cent digits, up to four, and at least two", () => {
    expect(formatPrice(0.4375)).toBe("$0.4375");
    expect(formatPrice(0.43)).toBe("$0.43");
    expect(formatPrice(2)).toBe("$2.00");
    expect(formatPrice(0.123456)).toBe("$0.1235");
    expect(formatPrice(0.99995)).toBe("$1.00");
    expect(formatPrice(19.92)).toBe("$19.92");
  });
  it("gives a rate its unit", () => {
    expect(formatHourly(0.42)).toBe("$0.42/h");
    expect(formatHourly(12.5)).toBe("$12.50/h");
    expect(formatHourly(79.68)).toBe("$79.68/h");
    expect(formatHourly(1234.4375)).toBe("$1,234.4375/h");
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
        const text = formatUsd(x);
        expect(text).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
        const back = Number(text.replace(/[$,]/g, ""));
        expect(Math.abs(back - x)).toBeLessThanOrEqual(0.005 + 1e-6 * Math.abs(x));
      }),
    );
  });
});
