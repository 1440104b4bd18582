/**
 * The record of a test run's phases (test-results/phases.json): written by scripts/run-suites.mjs as each phase
 * ends, printed by it and by scripts/ci-summary.mjs. Node's own modules only (it runs before the install).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const RECORD = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "test-results",
  "phases.json",
);

/** @returns {{ name: string; seconds: number | null; result: string }[]} */
export function readRecord() {
  try {
    return JSON.parse(readFileSync(RECORD, "utf8"));
  } catch {
    return [];
  }
}

/** @param {{ name: string; seconds: number | null; result: string }[]} phases */
export function writeRecord(phases) {
  mkdirSync(path.dirname(RECORD), { recursive: true });
  writeFileSync(RECORD, `${JSON.stringify(phases, null, 2)}\n`);
}

/**
 * A plain-text table: one row per phase with its seconds and result, and a last row with the wall time when given
 * (phases that ran side by side overlap, so it is less than their sum).
 * @param {{ name: string; seconds: number | null; result: string }[]} phases
 * @param {number} [wallSeconds]
 */
export function formatTable(phases, wallSeconds) {
  const rows = phases.map((p) => [p.name, p.seconds === null ? "-" : p.seconds.toFixed(1), p.result]);
  if (wallSeconds !== undefined) rows.push(["total (wall clock)", wallSeconds.toFixed(1), ""]);
  const width = Math.max(5, ...rows.map((r) => r[0].length));
  return [["phase", "seconds", "result"], ...rows]
    .map(([name, seconds, result]) => `${name.padEnd(width)}  ${seconds.padStart(7)}  ${result}`.trimEnd())
    .join("\n");
}
