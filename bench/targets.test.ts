/**
 * docs/performance.md states the bench's targets; the bench checks the numbers in bench/targets.ts. Each row of the
 * doc's target table must say exactly what the bench checks, so a target changed on one side fails here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TARGETS } from "./targets";

const doc = readFileSync(path.join(__dirname, "../docs/performance.md"), "utf8");

/** The doc's target table: section → its target text. */
function targetTable(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of doc.split("\n")) {
    const m = /^\|\s*([a-z]+)\s*\|\s*(.+?)\s*\|$/.exec(line);
    if (m && m[1] !== "section") rows.set(m[1]!, m[2]!);
  }
  return rows;
}

describe("docs/performance.md's targets are the bench's", () => {
  const table = targetTable();
  it.each([
    ["weight", `+ ${TARGETS.weightKb} kB`],
    ["proxy", `≤ ${TARGETS.proxyAddedP50Ms} ms`],
    ["proxy", `≥ ${TARGETS.proxyThroughputPct} %`],
    ["offers", `≤ ${TARGETS.offersFilterMs} ms`],
    ["polling", `≤ ${TARGETS.readsPerInterval} upstream read per interval`],
    ["guardian", `≤ ${TARGETS.readsPerInterval} read per guarded cluster per interval`],
    ["rss", `≤ ${TARGETS.rssMb} MB with ${TARGETS.rssWatchers} watchers`],
    ["guardian", `interval + ${TARGETS.guardianLatenessSlackS} s`],
    ["guardian", `worker RSS ≤ ${TARGETS.guardianRssMb} MB`],
    ["guardian", `a team budget overshot by ≤ ${TARGETS.budgetOvershootIntervals} interval's spend`],
    ["lighthouse", `performance ≥ ${TARGETS.lighthouseDesktop} desktop`],
    ["lighthouse", `accessibility ${TARGETS.lighthouseAccessibility}`],
    ["lighthouse", `(≥ ${TARGETS.lighthouseMobileAdvice})`],
  ])("the %s row says %s", (section, text) => {
    expect(table.get(section)).toContain(text);
  });

  it("names no other figure for a target the bench checks", () => {
    // Headings repeat targets; each number after ≤ or ≥ there must be one of the bench's.
    const numbers = new Set(Object.values(TARGETS).map(String));
    for (const heading of doc.split("\n").filter((l) => l.startsWith("## "))) {
      for (const m of heading.matchAll(/[≤≥] (\d+)/g)) expect(numbers, heading).toContain(m[1]);
    }
  });
});
