/**
 * The console's one duration format, for every span a person reads: elapsed and remaining times, time limits, runways,
 * ages ("updated 4 s ago", "2 h 05 min old"), notification texts. The two largest units, the second left out when it
 * is zero, minutes and seconds as the second unit in two digits:
 *
 *   "45 s", "3 min", "3 min 05 s", "2 h", "2 h 05 min", "3 d", "3 d 4 h"
 *
 * Whole units, rounded down (a running clock never shows a second it has not reached). Time limits keep every unit
 * (formatMinutes), and parseDuration (lib/spend/ledger.ts) reads them back.
 * Intl.DurationFormat would give a similar text, but Node 20 (the server) has none. Plain digits, no locale: the
 * text is the same on the server and in any browser.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const two = (n: number) => String(n).padStart(2, "0");

/** A span in milliseconds; negative or non-finite spans read as "0 s". */
export function formatDuration(ms: number): string {
  const s = Number.isFinite(ms) ? Math.max(0, Math.floor(ms / SECOND)) : 0;
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 === 0 ? `${m} min` : `${m} min ${two(s % 60)} s`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 === 0 ? `${h} h` : `${h} h ${two(m % 60)} min`;
  const d = Math.floor(h / 24);
  return h % 24 === 0 ? `${d} d` : `${d} d ${h % 24} h`;
}

/**
 * A time limit, given in whole minutes, to the minute: "45 min", "2 h 30 min", "3 d", "2 d 4 h 05 min". The same words
 * as formatDuration, with no unit dropped past a day: the text is also the limit's input field, and must save unchanged.
 */
export function formatMinutes(minutes: number): string {
  const total = Number.isFinite(minutes) ? Math.max(0, Math.round(minutes)) : 0;
  if (total < 60) return `${total} min`;
  if (total < 24 * 60) return formatDuration(total * MINUTE);
  const d = Math.floor(total / (24 * 60)),
    h = Math.floor((total % (24 * 60)) / 60),
    m = total % 60;
  return [`${d} d`, h ? `${h} h` : "", m ? `${two(m)} min` : ""].filter(Boolean).join(" ");
}

/** How long a balance lasts at its burn rate, in hours; null (nothing burning) is "∞". */
export function formatRunway(hours: number | null): string {
  return hours === null ? "∞" : formatDuration(hours * HOUR);
}
