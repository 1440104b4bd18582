import { describe, expect, it } from "vitest";
import { launchHref, loadLaunchSearchParams } from "@/lib/offers/launch-params";

describe("/clusters/new query", () => {
  it("reads the offer and a node count a cluster can have", () => {
    expect(loadLaunchSearchParams({ offer: " h100-x ", nodes: "4" })).toEqual({
      offer: "h100-x",
      nodes: 4,
      from: null,
    });
    expect(loadLaunchSearchParams({ offer: ["a", "b"], nodes: ["8", "x"] })).toEqual({
      offer: "a",
      nodes: 8,
      from: null,
    });
  });

  it("drops what it cannot use: a blank or overlong offer id, a count out of range or not a whole number", () => {
    expect(loadLaunchSearchParams({})).toEqual({ offer: null, nodes: null, from: null });
    expect(loadLaunchSearchParams({ offer: "  " }).offer).toBeNull();
    expect(loadLaunchSearchParams({ offer: "x".repeat(301) }).offer).toBeNull();
    for (const nodes of ["1", "65", "2.5", "-4", "4e1", "abc", "", "004"])
      expect(loadLaunchSearchParams({ offer: "o", nodes }).nodes, nodes).toBeNull();
  });

  it("writes the form's link, leaving out a missing count, and reads it back", () => {
    expect(launchHref("/clusters/new", { offer: "h100-x", nodes: 4 })).toBe(
      "/clusters/new?offer=h100-x&nodes=4",
    );
    expect(launchHref("/clusters/new", { offer: "h100-x", nodes: null })).toBe("/clusters/new?offer=h100-x");
    const href = launchHref("/clusters/new", { offer: "a&b c#d", nodes: 2 });
    expect(loadLaunchSearchParams(new URLSearchParams(href.split("?")[1]))).toEqual({
      offer: "a&b c#d",
      nodes: 2,
      from: null,
    });
  });

  it("carries the cluster a Launch again starts from, and drops one that is not an id", () => {
    const id = "0b5c8f1e-7d1a-4a3e-9a53-2f3c1d4e5f60";
    expect(launchHref("/clusters/new", { from: id })).toBe(`/clusters/new?from=${id}`);
    expect(loadLaunchSearchParams({ from: id }).from).toBe(id);
    expect(loadLaunchSearchParams({ from: "../x" }).from).toBeNull();
    expect(loadLaunchSearchParams({ from: "x".repeat(101) }).from).toBeNull();
  });
});
