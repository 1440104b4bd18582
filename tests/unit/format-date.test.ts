import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatTime } from "@/lib/format/date";

const T = Date.UTC(2026, 11, 2, 18, 40, 5); // Dec 2, 2026, 18:40:05 UTC

describe("the console's one date policy", () => {
  it("shows an absolute time in UTC, en-US words, a 24-hour clock and a UTC label", () => {
    expect(formatDateTime(T)).toBe("Dec 2, 2026, 18:40 UTC");
    expect(formatDateTime("2026-01-01T00:01:02.5Z")).toBe("Jan 1, 2026, 00:01 UTC");
    expect(formatDateTime(new Date(Date.UTC(2027, 6, 14, 23, 59)))).toBe("Jul 14, 2027, 23:59 UTC");
    // An API time in another zone is shown in UTC.
    expect(formatDateTime("2026-12-03T00:10:00+05:30")).toBe("Dec 2, 2026, 18:40 UTC");
    expect(formatDateTime("2026-01-01T00:01:02.5Z", { seconds: true })).toBe("Jan 1, 2026, 00:01:02 UTC");
  });
  it("leaves the date out on the same UTC day as now, and only then", () => {
    const morning = Date.UTC(2026, 11, 2, 0, 0);
    expect(formatDateTime(T, { now: morning })).toBe("18:40 UTC");
    expect(formatDateTime(T, { now: Date.UTC(2026, 11, 1, 23, 59) })).toBe("Dec 2, 2026, 18:40 UTC");
    expect(formatDateTime(Date.UTC(2027, 0, 5, 7, 3), { now: morning })).toBe("Jan 5, 2027, 07:03 UTC");
  });
  it("gives the time of day, with seconds where asked, and the UTC day", () => {
    expect(formatTime(T)).toBe("18:40 UTC");
    expect(formatTime(T, { seconds: true })).toBe("18:40:05 UTC");
    expect(formatTime(Date.UTC(2026, 0, 1, 0, 0, 0), { seconds: true })).toBe("00:00:00 UTC");
    expect(formatDate(T)).toBe("Dec 2, 2026");
    expect(formatDate("2026-11-30")).toBe("Nov 30, 2026");
  });
  it("shows a missing time as a dash and an unreadable API text as it came", () => {
    for (const f of [formatDateTime, formatTime, formatDate]) {
      expect(f(null)).toBe("—");
      expect(f(undefined)).toBe("—");
      expect(f("")).toBe("—");
      expect(f(Number.NaN)).toBe("—");
      expect(f("garbage")).toBe("garbage");
    }
  });
});
