// Prints "N passed, N failed" from the vitest and Playwright JSON reports written during a CI run (.ci/run).
import { existsSync, readFileSync } from "node:fs";

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
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
