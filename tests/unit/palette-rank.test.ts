import { defaultFilter } from "cmdk";
import { describe, expect, it } from "vitest";
import { bestOption, paletteRank, rankedGroups, type PaletteOption } from "@/lib/shortcuts/palette-rank";

/** The palette's options on the offers page, in the order it shows them (components/shell/command-palette.tsx). */
const pages: PaletteOption[] = [
  { value: "go offers", keywords: ["Offers"] },
  { value: "go clusters", keywords: ["Clusters"] },
  { value: "go settings", keywords: ["Settings"] },
  { value: "go settings runcrate keys", keywords: ["Settings: Runcrate keys"] },
  { value: "go settings audit log", keywords: ["Settings: Audit log"] },
];
const clusterNames = [
  "power-3fa9c1",
  "power-3fa9c1-old",
  "h100-run",
  "offers-test",
  "a100",
  "audit-log",
  "settings",
  "beta",
  "beta-2",
  "cluster-2",
  "offers",
];
const clusters: PaletteOption[] = clusterNames.map((name, i) => ({
  value: `cluster ${name} c${i}`,
  keywords: [name, i % 2 ? "A100" : "H100", "running"],
}));
const gpus: PaletteOption[] = ["A100", "H100", "L40S"].map((g) => ({
  value: `offers gpu ${g}`,
  keywords: [g],
}));
const withFallback = (search: string) => [
  { heading: "Go to", options: pages },
  { heading: "Clusters", options: clusters },
  { heading: "Offers", options: [...gpus, { value: `search offers ${search}`, keywords: [] }] },
];

describe("palette ranking", () => {
  it.each(clusterNames)(
    "a cluster's whole name (%s) puts that cluster first, above pages, GPUs and its longer namesakes",
    (name) => {
      const i = clusterNames.indexOf(name);
      for (const typed of [name, name.toUpperCase(), ` ${name} `]) {
        expect(bestOption(withFallback(typed), typed)).toBe(`cluster ${name} c${i}`);
      }
    },
  );

  it("a page's or a GPU's whole name puts it first when no cluster has that name", () => {
    expect(bestOption(withFallback("Audit log"), "Audit log")).toBe("go settings audit log");
    expect(bestOption(withFallback("clusters"), "clusters")).toBe("go clusters");
    expect(bestOption(withFallback("l40s"), "l40s")).toBe("offers gpu L40S");
  });

  it("ranks the 'Search offers for …' fallback below every real match, and keeps cmdk's order otherwise", () => {
    for (const search of ["beta", "audit l", "h1", "x", "pow"]) {
      const fallback = paletteRank(`search offers ${search}`, search);
      expect(fallback).toBeGreaterThan(0);
      const others = [...pages, ...clusters, ...gpus];
      for (const o of others) {
        const score = paletteRank(o.value, search, o.keywords);
        if (score > 0) expect(score).toBeGreaterThan(fallback);
        else expect(defaultFilter(o.value, search, o.keywords)).toBe(0);
      }
      // Options that are not a whole name keep cmdk's relative order.
      const partial = others.filter((o) => o.keywords[0]!.toLowerCase() !== search);
      const ours = [...partial].sort(
        (a, b) => paletteRank(b.value, search, b.keywords) - paletteRank(a.value, search, a.keywords),
      );
      const cmdk = [...partial].sort(
        (a, b) => defaultFilter(b.value, search, b.keywords) - defaultFilter(a.value, search, a.keywords),
      );
      expect(ours.map((o) => o.value)).toEqual(cmdk.map((o) => o.value));
    }
  });

  it("shows only what matches, best first, groups ordered by their best option; everything as given with no text", () => {
    const shown = rankedGroups(withFallback("settings"), "settings");
    expect(shown.map((g) => g.heading)).toEqual(["Clusters", "Go to", "Offers"]);
    expect(shown[0]!.options[0]!.value).toBe(`cluster settings c${clusterNames.indexOf("settings")}`);
    expect(shown[1]!.options.map((o) => o.value)).toEqual([
      "go settings",
      "go settings runcrate keys",
      "go settings audit log",
    ]);
    expect(shown[2]!.options.map((o) => o.value)).toEqual(["search offers settings"]);
    expect(rankedGroups(withFallback(""), " ").map((g) => g.options.length)).toEqual([5, 11, 4]);
  });

  it("takes the first option with no text, the fallback when nothing else matches, and null with no options", () => {
    expect(bestOption(withFallback(""), "")).toBe("go offers");
    expect(bestOption(withFallback("zzqx"), "zzqx")).toBe("search offers zzqx");
    expect(bestOption([{ heading: "Go to", options: pages }], "zzqx")).toBeNull();
    expect(bestOption([], "")).toBeNull();
  });
});
