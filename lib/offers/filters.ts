/**
 * Filtering, searching and sorting the offers list (no I/O). Pure and cheap: 2,000 offers filter in well under a
 * millisecond, because each offer's search text is built once and cached per offer object.
 */
import type { Offer } from "@/lib/runcrate/schemas";
import { pricePerGpuHour, takesNodeCount } from "@/lib/offers/offer-rules";

export const SORT_KEYS = ["gpu_hour", "node_hour", "interconnect", "gpus"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = "asc" | "desc";
export const TIERS = ["datacenter", "community"] as const;
export type TierFilter = (typeof TIERS)[number];

export type OfferFilters = {
  q: string;
  gpu: string[];
  gpn: number[];
  country: string[];
  tier: TierFilter | null;
  ic: string[];
  icMin: number | null;
  dep: string[];
  stack: string[];
  vol: boolean;
  maxGpuHr: number | null;
  maxNodeHr: number | null;
  nodes: number | null;
  fits: boolean;
  community: boolean;
  sort: SortKey;
  dir: SortDir;
};

export const DEFAULT_FILTERS: OfferFilters = {
  q: "",
  gpu: [],
  gpn: [],
  country: [],
  tier: null,
  ic: [],
  icMin: null,
  dep: [],
  stack: [],
  vol: false,
  maxGpuHr: null,
  maxNodeHr: null,
  nodes: null,
  // Choosing a node count filters by default: a list that still shows offers which can't take it reads as broken.
  fits: true,
  community: false,
  sort: "gpu_hour",
  dir: "asc",
};

/** True when any filter narrows the list (sort, node-count choice and the community toggle do not count). */
export function hasNarrowingFilters(f: OfferFilters): boolean {
  return (
    f.q.trim() !== "" ||
    f.gpu.length > 0 ||
    f.gpn.length > 0 ||
    f.country.length > 0 ||
    f.tier !== null ||
    f.ic.length > 0 ||
    f.icMin !== null ||
    f.dep.length > 0 ||
    f.stack.length > 0 ||
    f.vol ||
    f.maxGpuHr !== null ||
    f.maxNodeHr !== null ||
    (f.fits && f.nodes !== null)
  );
}

/**
 * Filters with everything that narrows the list cleared; keeps sort, node count and the community toggle. The node
 * count then only marks the offers that can't take it, so the list shows everything again.
 */
export function clearNarrowing(f: OfferFilters): OfferFilters {
  return {
    ...DEFAULT_FILTERS,
    sort: f.sort,
    dir: f.dir,
    nodes: f.nodes,
    fits: f.nodes === null,
    community: f.community,
  };
}

const haystacks = new WeakMap<Offer, string>();
function haystack(o: Offer): string {
  let h = haystacks.get(o);
  if (h === undefined) {
    h = [
      o.id,
      o.gpu_type,
      `${o.gpus_per_node}x`,
      o.location,
      o.country_code,
      o.host_tier,
      o.deployment_type,
      o.interconnect?.kind,
      o.interconnect?.label,
      ...o.stacks,
    ]
      .filter(Boolean)
      .join(" ")
      .toLowerCase();
    haystacks.set(o, h);
  }
  return h;
}

export function matchesSearch(o: Offer, q: string): boolean {
  const tokens = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return true;
  const h = haystack(o);
  return tokens.every((t) => h.includes(t));
}

export function matchesFilters(o: Offer, f: OfferFilters): boolean {
  if (!f.community && o.host_tier === "community") return false;
  if (f.tier && o.host_tier !== f.tier) return false;
  if (f.gpu.length && !f.gpu.includes(o.gpu_type)) return false;
  if (f.gpn.length && !f.gpn.includes(o.gpus_per_node)) return false;
  if (f.country.length && !f.country.includes(o.country_code ?? "")) return false;
  if (f.ic.length && !f.ic.includes(o.interconnect?.kind ?? "")) return false;
  if (f.icMin !== null && (o.interconnect?.rate_gbps ?? 0) < f.icMin) return false;
  if (f.dep.length && !f.dep.includes(o.deployment_type)) return false;
  if (f.stack.length && !f.stack.every((s) => o.stacks.includes(s))) return false;
  if (f.vol && !o.volume) return false;
  if (f.maxNodeHr !== null && o.hourly_rate_per_node > f.maxNodeHr) return false;
  if (f.maxGpuHr !== null) {
    const g = pricePerGpuHour(o);
    if (g === null || g > f.maxGpuHr) return false;
  }
  if (f.fits && f.nodes !== null && !takesNodeCount(o, f.nodes)) return false;
  return matchesSearch(o, f.q);
}

function sortValue(o: Offer, key: SortKey): number {
  switch (key) {
    case "gpu_hour":
      return pricePerGpuHour(o) ?? Number.POSITIVE_INFINITY;
    case "node_hour":
      return o.hourly_rate_per_node;
    case "interconnect":
      return o.interconnect?.rate_gbps ?? 0;
    case "gpus":
      return o.gpus_per_node;
  }
}

export function compareOffers(a: Offer, b: Offer, key: SortKey, dir: SortDir): number {
  const d = sortValue(a, key) - sortValue(b, key);
  if (d !== 0 && !Number.isNaN(d)) return dir === "asc" ? d : -d;
  // Ties: cheaper per GPU-hour first, then id, so the order is stable across renders and reloads.
  const g = (pricePerGpuHour(a) ?? Infinity) - (pricePerGpuHour(b) ?? Infinity);
  if (g !== 0 && !Number.isNaN(g)) return g;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The offers that pass the filters, in compareOffers order. The sort keys are computed once per offer rather than
 * once per comparison (the list is re-sorted on every filter change, with up to thousands of offers).
 */
export function applyOfferFilters(offers: readonly Offer[], f: OfferFilters): Offer[] {
  const keyed: { o: Offer; k: number; g: number }[] = [];
  for (const o of offers) {
    if (matchesFilters(o, f)) keyed.push({ o, k: sortValue(o, f.sort), g: pricePerGpuHour(o) ?? Infinity });
  }
  keyed.sort((a, b) => {
    const d = a.k - b.k;
    if (d !== 0 && !Number.isNaN(d)) return f.dir === "asc" ? d : -d;
    const g = a.g - b.g;
    if (g !== 0 && !Number.isNaN(g)) return g;
    return a.o.id < b.o.id ? -1 : a.o.id > b.o.id ? 1 : 0;
  });
  return keyed.map((x) => x.o);
}

export type OfferFacets = {
  gpu: string[];
  gpn: number[];
  country: { code: string; label: string }[];
  ic: string[];
  dep: string[];
  stack: string[];
};

/**
 * Case-insensitive, then by code point. Not localeCompare: its first call makes the browser load ICU's collation data
 * during the offers page's hydration, and the values here are codes and model names.
 * Where the two differ it is in ties and punctuation: "A100" before "a100", "H1000" before "H100_SXM".
 */
function byText(a: string, b: string): number {
  const x = a.toLowerCase(),
    y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The values each filter can take, from the offers actually listed. */
export function offerFacets(offers: readonly Offer[]): OfferFacets {
  const gpu = new Set<string>(),
    gpn = new Set<number>(),
    ic = new Set<string>(),
    dep = new Set<string>(),
    stack = new Set<string>();
  const country = new Map<string, Set<string>>();
  for (const o of offers) {
    gpu.add(o.gpu_type);
    gpn.add(o.gpus_per_node);
    if (o.interconnect?.kind) ic.add(o.interconnect.kind);
    dep.add(o.deployment_type);
    for (const s of o.stacks) stack.add(s);
    if (o.country_code) {
      const places = country.get(o.country_code) ?? new Set<string>();
      if (o.location) places.add(o.location);
      country.set(o.country_code, places);
    }
  }
  const str = (s: Set<string>) => [...s].sort(byText);
  return {
    gpu: str(gpu),
    gpn: [...gpn].sort((a, b) => a - b),
    country: [...country.entries()]
      .map(([code, places]) => ({ code, label: places.size === 1 ? `${[...places][0]} (${code})` : code }))
      .sort((a, b) => byText(a.code, b.code)),
    ic: str(ic),
    dep: str(dep),
    stack: str(stack),
  };
}
