import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every server log line about an unexpected error goes through errorSummary (lib/server/db/errors.ts): a failed
 * query's message carries its bound values (a sealed key, a password hash, an email). This reads the server code and
 * fails on a log call that puts an error's raw `.message` into a line.
 */

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

/** A logger call (`log.error(`, `jobsLog.warn(` …) up to the end of its argument list, roughly: its first 300 chars. */
const LOG_CALL = /\b\w*[lL]og(?:ger)?\.(?:fatal|error|warn|info|debug)\(([\s\S]{0,300}?)\)\s*;/g;

describe("server log lines", () => {
  it("never carry an error's raw message: errorSummary makes it safe", () => {
    const offenders: string[] = [];
    for (const file of [...sources("lib"), ...sources("app")]) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(LOG_CALL)) {
        if (/\b(?:e|err|error|cause)\.message\b/.test(m[1] ?? "")) {
          offenders.push(`${file}: ${m[0].replace(/\s+/g, " ").slice(0, 120)}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
