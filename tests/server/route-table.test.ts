import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_ROUTES, methodLabel, OTHER_ROUTE, routeLabel } from "@/lib/server/metrics/routes";

/**
 * The request metrics and log label a request by the app's own routes. The list is written out
 * (lib/server/metrics/routes.ts); this reads app/ and fails when the two disagree, so the labels cannot drift from
 * the pages and route handlers that exist.
 */

function routesInAppDir(dir = path.resolve("app"), url: string[] = []): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      // A route group names no part of the URL.
      const part = /^\(.*\)$/.test(entry.name) ? [] : [entry.name];
      out.push(...routesInAppDir(path.join(dir, entry.name), [...url, ...part]));
    } else if (/^(page\.tsx|route\.ts|icon\.svg)$/.test(entry.name)) {
      const route = `/${url.join("/")}`;
      out.push(entry.name === "icon.svg" ? `${route === "/" ? "" : route}/icon.svg` : route);
    }
  }
  return out;
}

describe("the route labels", () => {
  it("are exactly the app's pages and route handlers", () => {
    expect([...APP_ROUTES].sort()).toEqual(routesInAppDir().sort());
  });

  it("name a request by its route, ids and tokens out, and everything else one value", () => {
    expect(routeLabel("/api/clusters/3c90c3cc-0d44-4b50-8888-8dd25736052a/raw")).toBe(
      "/api/clusters/[id]/raw",
    );
    expect(routeLabel("/clusters/new")).toBe("/clusters/new");
    expect(routeLabel("/clusters/c_123")).toBe("/clusters/[id]");
    expect(routeLabel("/shared/shareTokenAbCdEf0123456789XyZ")).toBe("/shared/[token]");
    expect(routeLabel("/api/auth/callback/github")).toBe("/api/auth/[...nextauth]");
    expect(routeLabel("/api/anything/else")).toBe("/api/[...path]");
    expect(routeLabel("/_next/static/chunks/abc.js")).toBe("/_next/static");
    expect(routeLabel("/settings/keys/")).toBe("/settings/keys");
    for (const probe of ["/wp-admin/setup.php", "/a/b/c/d/e/f/g", "/clusters/a/b", "/.env", "/SIGN-IN"]) {
      expect(routeLabel(probe)).toBe(OTHER_ROUTE);
    }
  });

  it("keep the standard methods and file any other under one value", () => {
    expect(methodLabel("get")).toBe("GET");
    expect(methodLabel("DELETE")).toBe("DELETE");
    expect(methodLabel("PROPFIND")).toBe(OTHER_ROUTE);
    expect(methodLabel(undefined)).toBe("GET");
  });

  it("600 probes of unknown paths add no series", () => {
    const labels = new Set(Array.from({ length: 600 }, (_, i) => routeLabel(`/probe-${i}/x${i}`)));
    expect([...labels]).toEqual([OTHER_ROUTE]);
  });
});

describe("the request histogram's backstop", () => {
  it("keeps at most MAX_REQUEST_SERIES label sets, filing any further one under (other)", async () => {
    const { MAX_REQUEST_SERIES, requestServed } = await import("@/lib/server/metrics/record");
    const { metrics } = await import("@/lib/server/metrics/registry");
    // Were a label ever unbounded: 1,500 different routes.
    for (let i = 0; i < MAX_REQUEST_SERIES + 500; i++) {
      requestServed({ kind: "page", route: `/unbounded-${i}`, method: "GET", status: 200 }, 0.01);
    }
    const values = (await metrics().httpDuration.get()).values.filter((v) =>
      v.metricName?.endsWith("_count"),
    );
    const routes = new Set(values.map((v) => v.labels.route));
    expect(routes.size).toBeLessThanOrEqual(MAX_REQUEST_SERIES + 1);
    expect(routes.has(OTHER_ROUTE)).toBe(true);
  });
});
