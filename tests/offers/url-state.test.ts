import fc from "../support/fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_FILTERS,
  applyOfferFilters,
  clearNarrowing,
  compareOffers,
  matchesFilters,
  hasNarrowingFilters,
  offerFacets,
  type OfferFilters,
} from "@/lib/offers/filters";
import {
  loadOfferFilters,
  loadRawOfferQuery,
  offerQueryNotices,
  readNumberFilter,
  serializeOfferFilters,
} from "@/lib/offers/search-params";
import type { Offer } from "@/lib/runcrate/schemas";
import { offerArb } from "./support/offer-arbitrary";
import { offerFixture } from "../support/fixtures";

/** What the page makes of a query string: the filters, and a notice per value it ignored. */
const parse = (qs: string) => ({
  filters: loadOfferFilters(new URLSearchParams(qs)),
  notices: offerQueryNotices(loadRawOfferQuery(new URLSearchParams(qs))),
});

describe("offers URL state", () => {
  it("reads every filter", () => {
    const { filters, notices } = parse(
      "q=h100+fin&gpu=H100,A100-80G&gpn=8&country=FI&tier=datacenter&ic=infiniband&ic_min=400&dep=vm&stack=slurm&volume=1&max_gpu_hr=3.5&max_node_hr=30&nodes=4&fits=1&community=1&sort=interconnect&dir=desc",
    );
    expect(notices).toEqual([]);
    expect(filters).toEqual({
      q: "h100 fin",
      gpu: ["H100", "A100-80G"],
      gpn: [8],
      country: ["FI"],
      tier: "datacenter",
      ic: ["infiniband"],
      icMin: 400,
      dep: ["vm"],
      stack: ["slurm"],
      vol: true,
      maxGpuHr: 3.5,
      maxNodeHr: 30,
      nodes: 4,
      fits: true,
      community: true,
      sort: "interconnect",
      dir: "desc",
    } satisfies OfferFilters);
  });
  it("ignores bad values with a notice instead of failing", () => {
    const { filters, notices } = parse(
      "nodes=abc&sort=cheapest&max_gpu_hr=-1&volume=maybe&tier=cloud&dir=up&gpu=H100,<script>",
    );
    expect(filters).toEqual({ ...DEFAULT_FILTERS, gpu: ["H100"] });
    expect(notices).toHaveLength(7);
    expect(notices[0]).toMatch(/GPU filter/);
    expect(notices.join(" ")).toMatch(/node count “abc”: a cluster has 2 to 64 nodes/);
    expect(notices.join(" ")).toMatch(/sort “cheapest”: expected gpu_hour or node_hour/);
    expect(parse("nodes=65").notices[0]).toMatch(/2 to 64/);
    expect(parse("nodes=2.5")).toEqual({
      filters: DEFAULT_FILTERS,
      notices: ["Ignored node count “2.5”: a cluster has 2 to 64 nodes."],
    });
  });
  it("every bad value of every key yields its notice and the key's default", () => {
    const bad: Record<string, string> = {
      gpu: "<b>",
      gpn: "0",
      country: "F;I",
      tier: "cloud",
      ic: "ib|roce",
      ic_min: "1e3",
      dep: "{vm}",
      stack: "sl*rm",
      volume: "yes",
      max_gpu_hr: "-2",
      max_node_hr: "cheap",
      nodes: "1",
      fits: "2",
      community: "on",
      sort: "price",
      dir: "up",
    };
    for (const [key, value] of Object.entries(bad)) {
      const { filters, notices } = parse(new URLSearchParams({ [key]: value }).toString());
      expect(filters, key).toEqual(DEFAULT_FILTERS);
      expect(notices, key).toHaveLength(1);
      expect(notices[0], key).toContain(`“${value}”`);
    }
  });
  it("treats an empty value as absent, and reads a repeated key by its first value", () => {
    expect(parse("nodes=&sort=&gpu=")).toEqual({ filters: DEFAULT_FILTERS, notices: [] });
    expect(loadOfferFilters({ nodes: ["4", "x"], community: ["0", "1"] })).toMatchObject({
      nodes: 4,
      community: false,
    });
  });
  it("judges only what the URL holds: absent keys and values the page wrote itself give no notice", () => {
    expect(offerQueryNotices({ nodes: null, gpu: ["H100"], vol: true, sort: "node_hour" })).toEqual([]);
    expect(offerQueryNotices({ nodes: "x" })).toHaveLength(1);
  });
  it("turns the community list on for a community tier filter", () => {
    expect(parse("tier=community").filters.community).toBe(true);
  });
  it("never throws on arbitrary query strings (property)", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom("q", "gpu", "gpn", "nodes", "sort", "dir", "ic_min", "volume", "tier", "x"),
          fc.string(),
        ),
        (d) => {
          const r = parse(new URLSearchParams(d).toString());
          expect(r.filters.sort).toBeDefined();
          expect(Array.isArray(r.notices)).toBe(true);
        },
      ),
    );
  });
  it("round-trips: parse(serialize(f)) = f with no notices (property)", () => {
    const token = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 -]{0,10}[A-Za-z0-9]$/);
    const filters = fc.record({
      q: fc.string({ maxLength: 30 }),
      gpu: fc.uniqueArray(token, { maxLength: 3 }),
      gpn: fc.uniqueArray(fc.integer({ min: 1, max: 16 }), { maxLength: 3 }),
      country: fc.uniqueArray(fc.stringMatching(/^[A-Z]{2}$/), { maxLength: 2 }),
      tier: fc.constantFrom(null, "datacenter" as const),
      ic: fc.uniqueArray(token, { maxLength: 2 }),
      icMin: fc.option(fc.integer({ min: 0, max: 3200 }), { nil: null }),
      dep: fc.uniqueArray(token, { maxLength: 2 }),
      stack: fc.uniqueArray(token, { maxLength: 2 }),
      vol: fc.boolean(),
      maxGpuHr: fc.option(
        fc.integer({ min: 0, max: 5000 }).map((c) => c / 100),
        { nil: null },
      ),
      maxNodeHr: fc.option(
        fc.integer({ min: 0, max: 5000 }).map((c) => c / 100),
        { nil: null },
      ),
      nodes: fc.option(fc.integer({ min: 2, max: 64 }), { nil: null }),
      fits: fc.boolean(),
      community: fc.boolean(),
      sort: fc.constantFrom("gpu_hour", "node_hour", "interconnect", "gpus" as const),
      dir: fc.constantFrom("asc", "desc" as const),
    }) as fc.Arbitrary<OfferFilters>;
    fc.assert(
      fc.property(filters, (f) => {
        expect(parse(serializeOfferFilters(f))).toEqual({ filters: f, notices: [] });
      }),
    );
  });
  it("writes nothing for the defaults, and clearing keeps sort, count and the community toggle", () => {
    expect(serializeOfferFilters(DEFAULT_FILTERS)).toBe("");
    expect(serializeOfferFilters({ ...DEFAULT_FILTERS, vol: true, nodes: 4 })).toBe("?volume=1&nodes=4");
    const f = {
      ...DEFAULT_FILTERS,
      q: "x",
      gpu: ["H100"],
      nodes: 4,
      community: true,
      sort: "node_hour" as const,
    };
    // Clearing keeps the count but only marks the offers that can't take it, so the list is whole again.
    expect(clearNarrowing(f)).toEqual({
      ...DEFAULT_FILTERS,
      nodes: 4,
      fits: false,
      community: true,
      sort: "node_hour",
    });
    expect(hasNarrowingFilters(clearNarrowing(f))).toBe(false);
    // A chosen node count filters by default.
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, nodes: 4 })).toBe(true);
    expect(serializeOfferFilters({ ...DEFAULT_FILTERS, nodes: 4, fits: false })).toBe("?nodes=4&fits=0");
  });
});

describe("filtering and sorting offers", () => {
  const mk = (id: string, p: Partial<Offer>): Offer =>
    offerFixture({
      id,
      gpu_type: "H100",
      interconnect: { kind: "infiniband", label: "NDR", rate_gbps: 400 },
      hourly_rate_per_node: 16,
      allowed_node_counts: null,
      stacks: ["none"],
      ...p,
    });
  const offers = [
    mk("a", {}),
    mk("b", {
      gpu_type: "A100",
      gpus_per_node: 4,
      hourly_rate_per_node: 6,
      interconnect: { kind: "roce", rate_gbps: 200 },
      location: "Dallas",
      country_code: "US",
    }),
    mk("c", {
      host_tier: "community",
      volume: false,
      hourly_rate_per_node: 2,
      gpus_per_node: 1,
      gpu_type: "RTX 4090",
      interconnect: null,
    }),
    mk("d", { deployment_type: "container", stacks: ["none", "ray"], allowed_node_counts: [2, 4] }),
  ];
  const ids = (f: Partial<OfferFilters>) =>
    applyOfferFilters(offers, { ...DEFAULT_FILTERS, ...f }).map((o) => o.id);

  it("hides community offers unless the toggle is on", () => {
    expect(ids({})).not.toContain("c");
    expect(ids({ community: true })).toContain("c");
    expect(ids({ community: true, tier: "community" })).toEqual(["c"]);
  });
  it("filters on each column", () => {
    expect(ids({ gpu: ["A100"] })).toEqual(["b"]);
    expect(ids({ gpn: [4] })).toEqual(["b"]);
    expect(ids({ country: ["US"] })).toEqual(["b"]);
    expect(ids({ ic: ["roce"] })).toEqual(["b"]);
    expect(ids({ icMin: 300 })).toEqual(["a", "d"]);
    expect(ids({ dep: ["container"] })).toEqual(["d"]);
    expect(ids({ stack: ["ray"] })).toEqual(["d"]);
    expect(ids({ vol: true, community: true })).not.toContain("c");
    expect(ids({ maxNodeHr: 10 })).toEqual(["b"]);
    expect(ids({ maxGpuHr: 1.5, community: true })).toEqual(["b"]);
    expect(ids({ maxGpuHr: 2, community: true, sort: "node_hour" })).toEqual(["c", "b", "a", "d"]);
    expect(ids({ nodes: 3 })).toEqual(["b", "a"]);
    expect(ids({ nodes: 3, fits: false })).toHaveLength(3);
  });
  it("searches across fields with every word required", () => {
    expect(ids({ q: "dallas" })).toEqual(["b"]);
    expect(ids({ q: "h100 ray" })).toEqual(["d"]);
    expect(ids({ q: "nothing-like-this" })).toEqual([]);
  });
  it("sorts by GPU-hour, node-hour and interconnect rate, both ways, stable on ties", () => {
    expect(ids({ sort: "gpu_hour" })).toEqual(["b", "a", "d"]);
    expect(ids({ sort: "node_hour", dir: "desc" })).toEqual(["a", "d", "b"]);
    expect(ids({ sort: "interconnect", dir: "desc" })).toEqual(["a", "d", "b"]);
  });
  it("sorting is a permutation ordered by the key (property)", () => {
    fc.assert(
      fc.property(fc.array(offerArb, { maxLength: 30 }), (list) => {
        const out = applyOfferFilters(list, { ...DEFAULT_FILTERS, community: true, sort: "node_hour" });
        expect(out).toHaveLength(list.length);
        for (let i = 1; i < out.length; i++)
          expect(out[i - 1]!.hourly_rate_per_node).toBeLessThanOrEqual(out[i]!.hourly_rate_per_node);
      }),
    );
  });
  it("orders exactly as compareOffers does, for every sort key and direction (property)", () => {
    const keys = ["gpu_hour", "node_hour", "interconnect", "gpus"] as const;
    fc.assert(
      fc.property(
        fc.array(offerArb, { maxLength: 30 }),
        fc.constantFrom(...keys),
        fc.constantFrom("asc" as const, "desc" as const),
        (list, sort, dir) => {
          const f = { ...DEFAULT_FILTERS, community: true, sort, dir };
          const expected = list
            .filter((o) => matchesFilters(o, f))
            .sort((a, b) => compareOffers(a, b, sort, dir))
            .map((o) => o.id);
          expect(applyOfferFilters(list, f).map((o) => o.id)).toEqual(expected);
        },
      ),
    );
  });
  it("lists facet values from the offers", () => {
    const f = offerFacets(offers);
    expect(f.gpu).toEqual(["A100", "H100", "RTX 4090"]);
    expect(f.country).toEqual([
      { code: "FI", label: "Helsinki (FI)" },
      { code: "US", label: "Dallas (US)" },
    ]);
    expect(f.stack).toEqual(["none", "ray"]);
  });
  it("orders facet values without regard to case", () => {
    const f = offerFacets([...offers, { ...offers[0]!, id: "lower", gpu_type: "b200" }]);
    expect(f.gpu).toEqual(["A100", "b200", "H100", "RTX 4090"]);
  });
});

describe("readNumberFilter", () => {
  it("reads typed text with the URL's parser: empty is no bound, a refusal names the rule", () => {
    expect(readNumberFilter("maxGpuHr", " 1.5 ")).toEqual({ ok: true, value: 1.5 });
    expect(readNumberFilter("maxGpuHr", "")).toEqual({ ok: true, value: null });
    expect(readNumberFilter("maxGpuHr", "-5")).toEqual({ ok: false, rule: "a price of 0 or more, like 1.5" });
    expect(readNumberFilter("maxGpuHr", "1e3")).toMatchObject({ ok: false });
    expect(readNumberFilter("icMin", "200000")).toEqual({
      ok: false,
      rule: "a rate in Gbps of 0 or more, at most 100,000",
    });
    // Whatever the field accepts, the URL reads back as the same value.
    for (const t of ["0", "12", "0.25", "400"])
      expect(loadOfferFilters(serializeOfferFilters({ maxGpuHr: Number(t) })).maxGpuHr).toBe(
        (readNumberFilter("maxGpuHr", t) as { value: number }).value,
      );
  });
});
