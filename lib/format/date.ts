/**
 * The console's one date policy.
 *
 * - Every absolute time is shown in UTC, in en-US words and a 24-hour clock, with an explicit "UTC" label:
 *   "Dec 2, 2026, 18:40 UTC". A team spread over time zones reads and quotes the same time, and it matches the
 *   API's timestamps, the guardian's logs and the spend record's UTC days.
 * - The date is left out only where the context gives it: a limit's deadline on the same UTC day as now
 *   ("18:40 UTC"), a cluster's event timeline (time of day with seconds, "18:40:05 UTC"). A calendar day alone is
 *   "Dec 2, 2026" (the UTC day).
 * - Relative times appear only where the UI says "ago" or "old", as an elapsed span in the one duration format
 *   (lib/format/duration.ts): "Updated 4 s ago", "2 h 05 min old". No "yesterday", no relative-time words.
 *
 * No hydration mismatch, for a user in any zone and language: the locale ("en-US") and the zone ("UTC") are constants
 * here, never the runtime's defaults, so the text a client component renders on the server (whatever TZ and LANG the
 * server runs with) is the text the browser renders when it hydrates (whatever zone and language it has). Nothing
 * here reads the clock: a text that depends on now gets the `now` of components/common/use-now.ts, which is null on
 * the server and in the hydrating render, and fills in after. tests/unit/format-hydration.test.tsx renders on a "server"
 * in UTC/en-US and hydrates in a "browser" in Asia/Kolkata/de-DE, failing on any mismatch.
 *
 * The formats are made once, when the module loads.
 */
import { parseTime } from "@/lib/time";

const UTC = { timeZone: "UTC", hourCycle: "h23" } as const;

const DATE_TIME = {
  ...UTC,
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
} as const;
const dateTime = new Intl.DateTimeFormat("en-US", DATE_TIME);
const dateTimeSeconds = new Intl.DateTimeFormat("en-US", { ...DATE_TIME, second: "2-digit" });
const dateOnly = new Intl.DateTimeFormat("en-US", {
  ...UTC,
  year: "numeric",
  month: "short",
  day: "numeric",
});
const timeOnly = new Intl.DateTimeFormat("en-US", { ...UTC, hour: "2-digit", minute: "2-digit" });
const timeSeconds = new Intl.DateTimeFormat("en-US", {
  ...UTC,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** A time as the console receives it: milliseconds, an API timestamp, a Date. */
export type TimeInput = number | string | Date | null | undefined;

function toMs(t: TimeInput): number | null {
  if (t === null || t === undefined) return null;
  if (typeof t === "string") return parseTime(t);
  const ms = typeof t === "number" ? t : t.getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** What a missing time shows ("—"), and an unreadable API text shows as it came. */
function missing(t: TimeInput): string {
  return typeof t === "string" && t !== "" ? t : "—";
}

const utcDay = (ms: number) => Math.floor(ms / 86_400_000);

/**
 * "Dec 2, 2026, 18:40 UTC". With `now`, a time on the same UTC day as now is its time of day alone ("18:40 UTC").
 * With `seconds` (a record whose lines are seconds apart): "Dec 2, 2026, 18:40:05 UTC".
 */
export function formatDateTime(t: TimeInput, opts: { now?: number; seconds?: boolean } = {}): string {
  const ms = toMs(t);
  if (ms === null) return missing(t);
  if (opts.now !== undefined && utcDay(ms) === utcDay(opts.now)) return formatTime(ms, opts);
  return `${(opts.seconds ? dateTimeSeconds : dateTime).format(ms)} UTC`;
}

/** The time of day where the day is clear from the context: "18:40 UTC", or "18:40:05 UTC" with seconds. */
export function formatTime(t: TimeInput, opts: { seconds?: boolean } = {}): string {
  const ms = toMs(t);
  if (ms === null) return missing(t);
  return `${(opts.seconds ? timeSeconds : timeOnly).format(ms)} UTC`;
}

/** The UTC calendar day: "Dec 2, 2026". */
export function formatDate(t: TimeInput): string {
  const ms = toMs(t);
  if (ms === null) return missing(t);
  return dateOnly.format(ms);
}
