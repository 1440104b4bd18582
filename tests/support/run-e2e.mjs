// Runs the e2e suite in two passes, so that a failure among the parallel tests does not skip the ones that need the
// app server to themselves (Playwright skips a project's dependents when the dependency fails):
//   1. project "e2e": the independent tests, two workers;
//   2. project "e2e-solo" without its dependency (--no-deps): the "@solo" tests, one at a time, after pass 1.
// Each pass writes its own JSON report (E2E_JSON_REPORT, and the same name with "-solo"), read by
// scripts/ci-summary.mjs. Extra arguments go to both passes. Exit code: non-zero when either pass failed.
import { spawnSync } from "node:child_process";

const report = process.env.E2E_JSON_REPORT ?? "test-results/playwright.json";
const soloReport = report.replace(/(\.json)?$/, "-solo.json");
const extra = process.argv.slice(2);

function pass(args, jsonReport) {
  const run = spawnSync("npx", ["playwright", "test", ...args, ...extra], {
    stdio: "inherit",
    env: { ...process.env, E2E_JSON_REPORT: jsonReport },
  });
  return run.status ?? 1;
}

const parallel = pass(["--project=e2e"], report);
const solo = pass(["--project=e2e-solo", "--no-deps", "--pass-with-no-tests"], soloReport);
if (parallel !== 0) console.error("[run-e2e] the parallel tests (project e2e) failed");
if (solo !== 0) console.error("[run-e2e] the tests that need the server alone (project e2e-solo) failed");
process.exit(parallel || solo);
