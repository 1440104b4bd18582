import { describe, expect, it } from "vitest";
import { formatDuration, formatMinutes, formatRunway } from "@/lib/format/duration";

const S = 1000,
  MIN = 60 * S,
  H = 60 * MIN,
  D = 24 * H;

describe("the console's one duration format", () => {
  it("shows the two largest units, the smaller in two digits", () => {
    expect(formatDuration(42 * S)).toBe("42 s");
    expect(formatDuration(3 * MIN + 5 * S)).toBe("3 min 05 s");
    expect(formatDuration(2 * H + 5 * MIN + 59 * S)).toBe("2 h 05 min");
    expect(formatDuration(3 * D + 4 * H + 30 * MIN)).toBe("3 d 4 h");
    expect(formatDuration(400 * D)).toBe("400 d");
  });
  it("leaves out a smaller unit that is zero", () => {
    expect(formatDuration(3 * MIN)).toBe("3 min");
    expect(formatDuration(2 * H)).toBe("2 h");
    expect(formatDuration(3 * D)).toBe("3 d");
  });
  it("rounds down, and reads a negative or broken span as nothing yet", () => {
    expect(formatDuration(999)).toBe("0 s");
    expect(formatDuration(59_999)).toBe("59 s");
    expect(formatDuration(-5 * S)).toBe("0 s");
    expect(formatDuration(Number.NaN)).toBe("0 s");
  });
  it("takes time limits in minutes and runways in hours, in the same words", () => {
    expect(formatMinutes(45)).toBe("45 min");
    expect(formatMinutes(150)).toBe("2 h 30 min");
    expect(formatMinutes(240)).toBe("4 h");
    expect(formatMinutes(3 * 1440)).toBe("3 d");
    // A limit is also its input field's text: past a day no unit is dropped.
    expect(formatMinutes(2 * 1440 + 4 * 60 + 5)).toBe("2 d 4 h 05 min");
    expect(formatMinutes(1440 + 7)).toBe("1 d 07 min");
    expect(formatRunway(0.5)).toBe("30 min");
    expect(formatRunway(3.46)).toBe("3 h 27 min");
    expect(formatRunway(50)).toBe("2 d 2 h");
    expect(formatRunway(null)).toBe("∞");
  });
});
