import { describe, expect, it } from "vitest";

import { NAV_ITEMS, isNavItemActive, navItemForPath } from "@/components/shell/nav-items";

describe("console navigation", () => {
  it("lists Offers, Clusters and Settings in that order", () => {
    expect(NAV_ITEMS.map((i) => [i.label, i.href])).toEqual([
      ["Offers", "/offers"],
      ["Clusters", "/clusters"],
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
});
