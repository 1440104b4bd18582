/**
 * The offers page's filters and sort as URL query parameters, so a view can be shared and Back works.
 * The query string is untrusted input: a bad value is ignored and reported as a notice the page shows, never thrown.
 */
import { MAX_NODES, MIN_NODES } from "@/lib/runcrate/constants";
import {
  DEFAULT_FILTERS,
  SORT_KEYS,
  TIERS,
  type OfferFilters,
  type SortDir,
  type SortKey,
  type TierFilter,
} from "@/lib/offers/filters";

export type ParsedOfferQuery = { filters: OfferFilters; notices: string[] };

type Reader = { get(name: string): string | null };

const MAX_LIST = 50;
const MAX_TEXT = 200;
const TOKEN = /^[\w .:+/()-]{1,80}$/;

function show(v: string): string {
  return v.length > 40 ? `${v.slice(0, 40)}…` : v;
}

function list(r: Reader, name: string, label: string, notices: string[]): string[] {
  const raw = r.get(name);
  if (raw === null || raw === "") return [];
  const parts = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const good = parts.filter((p) => TOKEN.test(p)).slice(0, MAX_LIST);
  if (good.length !== parts.length)
    notices.push(`Ignored part of the ${label} filter (“${show(raw)}”): it had unreadable values.`);
  return [...new Set(good)];
}

function num(
  r: Reader,
  name: string,
  label: string,
  notices: string[],
  ok: (n: number) => boolean,
  rule: string,
): number | null {
  const raw = r.get(name);
  if (raw === null || raw === "") return null;
  const n = /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(n) || !ok(n)) {
    notices.push(`Ignored ${label} “${show(raw)}”: ${rule}.`);
    return null;
  }
  return n;
}

function flag(r: Reader, name: string, label: string, notices: string[]): boolean {
  const raw = r.get(name);
  if (raw === null || raw === "" || raw === "0" || raw === "false") return false;
  if (raw === "1" || raw === "true") return true;
  notices.push(`Ignored ${label} “${show(raw)}”: expected 1 or 0.`);
  return false;
}

function oneOf<T extends string>(
  r: Reader,
  name: string,
  label: string,
  values: readonly T[],
  notices: string[],
): T | null {
  const raw = r.get(name);
  if (raw === null || raw === "") return null;
  if ((values as readonly string[]).includes(raw)) return raw as T;
  notices.push(`Ignored ${label} “${show(raw)}”: expected ${values.join(" or ")}.`);
  return null;
}

export function parseOfferQuery(r: Reader): ParsedOfferQuery {
  const notices: string[] = [];
  const q = (r.get("q") ?? "").slice(0, MAX_TEXT);
  const gpn = list(r, "gpn", "GPUs-per-node", notices)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0 && n <= 1024);
  const filters: OfferFilters = {
    q,
    gpu: list(r, "gpu", "GPU", notices),
    gpn,
    country: list(r, "country", "country", notices),
    tier: oneOf<TierFilter>(r, "tier", "host tier", TIERS, notices),
    ic: list(r, "ic", "interconnect", notices),
    icMin: num(r, "ic_min", "minimum interconnect rate", notices, (n) => n <= 100_000, "not a rate in Gbps"),
    dep: list(r, "dep", "deployment", notices),
    stack: list(r, "stack", "stack", notices),
    vol: flag(r, "volume", "volume filter", notices),
    maxGpuHr: num(
      r,
      "max_gpu_hr",
      "maximum price per GPU-hour",
      notices,
      (n) => n <= 1_000_000,
      "not a price",
    ),
    maxNodeHr: num(
      r,
      "max_node_hr",
      "maximum price per node-hour",
      notices,
      (n) => n <= 1_000_000,
      "not a price",
    ),
    nodes: num(
      r,
      "nodes",
      "node count",
      notices,
      (n) => Number.isInteger(n) && n >= MIN_NODES && n <= MAX_NODES,
      `a cluster has ${MIN_NODES} to ${MAX_NODES} nodes`,
    ),
    fits: flag(r, "fits", "“only offers that take this count”", notices),
    community: flag(r, "community", "community toggle", notices),
    sort: oneOf<SortKey>(r, "sort", "sort", SORT_KEYS, notices) ?? DEFAULT_FILTERS.sort,
    dir: oneOf<SortDir>(r, "dir", "sort direction", ["asc", "desc"], notices) ?? DEFAULT_FILTERS.dir,
  };
  // A tier filter of community only makes sense with community offers listed.
  if (filters.tier === "community") filters.community = true;
  return { filters, notices };
}

/** The query string for filters (defaults left out, stable order), without a leading "?". */
export function serializeOfferQuery(f: OfferFilters): string {
  const p = new URLSearchParams();
  if (f.q !== "") p.set("q", f.q);
  if (f.gpu.length) p.set("gpu", f.gpu.join(","));
  if (f.gpn.length) p.set("gpn", f.gpn.join(","));
  if (f.country.length) p.set("country", f.country.join(","));
  if (f.tier) p.set("tier", f.tier);
  if (f.ic.length) p.set("ic", f.ic.join(","));
  if (f.icMin !== null) p.set("ic_min", String(f.icMin));
  if (f.dep.length) p.set("dep", f.dep.join(","));
  if (f.stack.length) p.set("stack", f.stack.join(","));
  if (f.vol) p.set("volume", "1");
  if (f.maxGpuHr !== null) p.set("max_gpu_hr", String(f.maxGpuHr));
  if (f.maxNodeHr !== null) p.set("max_node_hr", String(f.maxNodeHr));
  if (f.nodes !== null) p.set("nodes", String(f.nodes));
  if (f.fits) p.set("fits", "1");
  if (f.community) p.set("community", "1");
  if (f.sort !== DEFAULT_FILTERS.sort) p.set("sort", f.sort);
  if (f.dir !== DEFAULT_FILTERS.dir) p.set("dir", f.dir);
  return p.toString();
}

/** Filters with everything that narrows the list cleared; keeps sort, node count and the community toggle. */
export function clearNarrowing(f: OfferFilters): OfferFilters {
  return { ...DEFAULT_FILTERS, sort: f.sort, dir: f.dir, nodes: f.nodes, community: f.community };
}
