/** Time values as the Runcrate API sends them, read by every part of the console that computes with them. */

/** Parses an API timestamp; null when absent or unreadable (a page must not crash on an odd timestamp). */
export function parseTime(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}
