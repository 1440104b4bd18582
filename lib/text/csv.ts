/**
 * CSV for the console's downloads (the spend table, the audit log): RFC 4180 quoting, and a cell that a spreadsheet
 * would read as a formula (=, +, -, @ first) is prefixed with ' so opening the file runs nothing.
 */
export function csvCell(v: string | number | null): string {
  if (v === null) return "";
  const s = String(v);
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A header line and one line per row, each ending in a newline. */
export function toCsv(
  head: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return [head.join(","), ...rows.map((r) => r.map(csvCell).join(","))].join("\n") + "\n";
}
