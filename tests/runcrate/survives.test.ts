import { describe, expect, it } from "vitest";
import { survivesText } from "@/lib/runcrate/survives";

/** What is left once a cluster ends: only /shared/volume survives a terminate (Runcrate's tool descriptions). */
describe("what survives a terminate", () => {
  it("names the attached volume as the one thing that survives", () => {
    const shared = {
      path: "/shared",
      available: true,
      detail: null,
      volume: { id: "v1", name: "datasets", path: "/shared/volume" },
    };
    expect(survivesText({ shared })).toBe(
      "Files on the machines and in /shared are deleted; only /shared/volume (volume “datasets”) survives.",
    );
  });

  it("says nothing survives without a volume, with /shared or without it (containers)", () => {
    expect(survivesText({ shared: { path: "/shared", available: true, detail: null, volume: null } })).toBe(
      "Files on the machines and in /shared are deleted, and no volume is attached: nothing on the cluster survives.",
    );
    expect(survivesText({ shared: { path: null, available: false, detail: null, volume: null } })).toBe(
      "Files on the machines are deleted, and no volume is attached: nothing on the cluster survives.",
    );
    expect(survivesText({ shared: null })).toMatch(/nothing on the cluster survives/);
  });
});
