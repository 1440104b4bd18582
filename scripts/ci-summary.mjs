// Prints "N passed, N failed" from the vitest and Playwright JSON reports written during a CI run (.ci/run), after
// the table of the run's phases with their seconds (test-results/phases.json, written by scripts/run-suites.mjs).
import { existsSync, readFileSync } from "node:fs";
import { formatTable, readRecord } from "./phases.mjs";

let passed = 0;
let failed = 0;
let skipped = 0;

for (const [label, file] of [
  ["vitest", "test-results/vitest.json"],
  ["vitest (data layer, embedded PostgreSQL)", "test-results/vitest-embedded-postgres.json"],
]) {
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, "utf8"));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`${label}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}
for (const [label, file] of [
  ["playwright (PGlite)", "test-results/playwright.json"],
  ["playwright (Postgres)", "test-results/playwright-postgres.json"],
  ["playwright (service: two instances, shutdown, standalone)", "test-results/playwright-service.json"],
]) {
  if (!existsSync(file)) continue;
  const s = JSON.parse(readFileSync(file, "utf8")).stats ?? {};
  passed += s.expected ?? 0;
  failed += (s.unexpected ?? 0) + (s.flaky ?? 0);
  skipped += s.skipped ?? 0;
  console.log(`${label}: ${s.expected ?? 0} passed, ${(s.unexpected ?? 0) + (s.flaky ?? 0)} failed`);
}
// .ci/run passes its own wall time (CI_RUN_SECONDS) for the table's last row.
const phases = readRecord();
const wall = Number(process.env.CI_RUN_SECONDS);
if (phases.length)
  console.log(`\n${formatTable(phases, Number.isFinite(wall) && wall > 0 ? wall : undefined)}\n`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
