import { describe, expect, it } from "vitest";

import { NAV_ITEMS, headerTitleForPath, isNavItemActive, navItemForPath } from "@/components/shell/nav-items";

describe("console navigation", () => {
  it("lists Offers, Clusters, Spend and Settings in that order", () => {
    expect(NAV_ITEMS.map((i) => [i.label, i.href])).toEqual([
      ["Offers", "/offers"],
      ["Clusters", "/clusters"],
      ["Spend", "/spend"],
      ["Settings", "/settings"],
    ]);
  });

  it("marks an area active on its page and anything below it", () => {
    expect(isNavItemActive("/clusters", "/clusters")).toBe(true);
    expect(isNavItemActive("/clusters/cl_123", "/clusters")).toBe(true);
    expect(isNavItemActive("/clusters/new", "/clusters")).toBe(true);
  });

  it("does not match on a shared prefix or a missing pathname", () => {
    expect(isNavItemActive("/clustersx", "/clusters")).toBe(false);
    expect(isNavItemActive("/offers", "/clusters")).toBe(false);
    expect(isNavItemActive(null, "/clusters")).toBe(false);
  });

  it("names the header area from the path", () => {
    expect(navItemForPath("/settings/keys")?.label).toBe("Settings");
    expect(navItemForPath("/offers")?.label).toBe("Offers");
    expect(navItemForPath("/")).toBeNull();
  });

  it("names the page too where it has a name of its own, so /clusters/new does not just say Clusters", () => {
    expect(headerTitleForPath("/clusters/new")).toEqual({ area: "Clusters", page: "New cluster" });
    expect(headerTitleForPath("/settings/keys/")).toEqual({ area: "Settings", page: "API keys" });
    expect(headerTitleForPath("/clusters")).toEqual({ area: "Clusters", page: null });
    expect(headerTitleForPath("/clusters/abc")).toEqual({ area: "Clusters", page: null });
    expect(headerTitleForPath(null)).toEqual({ area: "Clusterdeck", page: null });
    expect(headerTitleForPath("/settings/team")).toEqual({ area: "Settings", page: "Team" });
  });

  it("names the pages outside the sidebar's areas (approvals, links from mail) by what they are", () => {
    expect(headerTitleForPath("/approvals")).toEqual({ area: "Approvals", page: null });
    expect(headerTitleForPath("/approvals/6f1c2a52-5d0e-4c53-9a37-1b1e6c1f3d10")).toEqual({
      area: "Approvals",
      page: null,
    });
    expect(headerTitleForPath("/extend/tok")).toEqual({ area: "Extend a cluster", page: null });
    expect(headerTitleForPath("/shared/tok")).toEqual({ area: "Shared cluster", page: null });
    // Not a prefix match, and nothing an object inherits.
    expect(headerTitleForPath("/approvalsx")).toEqual({ area: "Clusterdeck", page: null });
    expect(headerTitleForPath("/constructor")).toEqual({ area: "Clusterdeck", page: null });
  });
});
