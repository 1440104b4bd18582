/**
 * The offers page's filters and sort as URL query parameters, so a view can be shared and Back works. One definition,
 * read by the server page (loadOfferSearchParams) and by the browser (useQueryStates with the same parsers).
 *
 * The query string is untrusted input: a parser returns null for a bad value, which then counts as absent (the
 * default), and offerQueryNotices says which values were dropped so the page can show it, never throw.
 */
import {
  createLoader,
  createParser,
  createSerializer,
  parseAsArrayOf,
  parseAsString,
  parseAsStringLiteral,
  type SearchParams,
  type UrlKeys,
} from "nuqs/server";
import { parseAsNodeCount } from "@/lib/offers/launch-params";
import { MAX_NODES, MIN_NODES } from "@/lib/runcrate/constants";
import { DEFAULT_FILTERS, SORT_KEYS, TIERS, type OfferFilters } from "@/lib/offers/filters";
import { formatCount } from "@/lib/format/number";

const MAX_TEXT = 200;
const TOKEN = /^[\w .:+/()-]{1,80}$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/** One value of a list filter (a GPU name, a country code…): plain characters only. */
const parseAsToken = createParser({
  parse: (v) => {
    const t = v.trim();
    return TOKEN.test(t) ? t : null;
  },
  serialize: (v: string) => v,
});

const parseAsGpuCount = createParser({
  parse: (v) => {
    const t = v.trim();
    if (!/^\d{1,4}$/.test(t)) return null;
    const n = Number(t);
    return n > 0 && n <= 1024 ? n : null;
  },
  serialize: String,
});

/** A non-negative decimal (no sign, no exponent) that `ok` accepts. */
function parseAsAmount(ok: (n: number) => boolean) {
  return createParser({
    parse: (v) => {
      const t = v.trim();
      if (!DECIMAL.test(t)) return null;
      const n = Number(t);
      return Number.isFinite(n) && ok(n) ? n : null;
    },
    serialize: String,
  });
}

/** What the URL's amount parsers accept, said to a person typing into the field: the bounds are the parsers'. */
const AMOUNT_RULES = {
  maxGpuHr: { max: 1_000_000, rule: "a price of 0 or more, like 1.5" },
  maxNodeHr: { max: 1_000_000, rule: "a price of 0 or more, like 12" },
  icMin: { max: 100_000, rule: "a rate in Gbps of 0 or more, like 400" },
} as const;

/** 1/true and 0/false; written as 1, and left out when off. */
const parseAsFlag = createParser({
  parse: (v) => (v === "1" || v === "true" ? true : v === "0" || v === "false" ? false : null),
  serialize: (v: boolean) => (v ? "1" : "0"),
});

const parseAsSearch = createParser({
  parse: (v) => v.slice(0, MAX_TEXT),
  serialize: (v: string) => v,
});

/** Everything but the search box: the discrete choices. */
export const offerChoiceSearchParams = {
  gpu: parseAsArrayOf(parseAsToken).withDefault(DEFAULT_FILTERS.gpu),
  gpn: parseAsArrayOf(parseAsGpuCount).withDefault(DEFAULT_FILTERS.gpn),
  country: parseAsArrayOf(parseAsToken).withDefault(DEFAULT_FILTERS.country),
  tier: parseAsStringLiteral(TIERS),
  ic: parseAsArrayOf(parseAsToken).withDefault(DEFAULT_FILTERS.ic),
  icMin: parseAsAmount((n) => n <= AMOUNT_RULES.icMin.max),
  dep: parseAsArrayOf(parseAsToken).withDefault(DEFAULT_FILTERS.dep),
  stack: parseAsArrayOf(parseAsToken).withDefault(DEFAULT_FILTERS.stack),
  vol: parseAsFlag.withDefault(DEFAULT_FILTERS.vol),
  maxGpuHr: parseAsAmount((n) => n <= AMOUNT_RULES.maxGpuHr.max),
  maxNodeHr: parseAsAmount((n) => n <= AMOUNT_RULES.maxNodeHr.max),
  nodes: parseAsNodeCount,
  fits: parseAsFlag.withDefault(DEFAULT_FILTERS.fits),
  community: parseAsFlag.withDefault(DEFAULT_FILTERS.community),
  sort: parseAsStringLiteral(SORT_KEYS).withDefault(DEFAULT_FILTERS.sort),
  dir: parseAsStringLiteral(["asc", "desc"] as const).withDefault(DEFAULT_FILTERS.dir),
};

export const offerSearchParams = {
  q: parseAsSearch.withDefault(DEFAULT_FILTERS.q),
  ...offerChoiceSearchParams,
};

export type OfferKey = keyof typeof offerSearchParams;
export type OfferChoices = Omit<OfferFilters, "q">;

export const offerUrlKeys: UrlKeys<typeof offerSearchParams> = {
  icMin: "ic_min",
  vol: "volume",
  maxGpuHr: "max_gpu_hr",
  maxNodeHr: "max_node_hr",
};

const parseLoaded = createLoader(offerSearchParams, { urlKeys: offerUrlKeys });

/** The filters a query asks for, bad values replaced by their defaults. */
export function loadOfferFilters(input: SearchParams | URLSearchParams | string): OfferFilters {
  return withImpliedCommunity(parseLoaded(input));
}

/** The query string for filters, defaults left out (with a leading "?", or "" for the defaults). */
export const serializeOfferFilters = createSerializer(offerSearchParams, { urlKeys: offerUrlKeys });

/** A tier filter of community only makes sense with community offers listed. */
export function withImpliedCommunity<F extends OfferChoices>(f: F): F {
  return f.tier === "community" && !f.community ? { ...f, community: true } : f;
}

/**
 * The choices' keys read as the plain strings the URL holds. Comparing them with what the parsers make of them tells
 * which values were dropped (offerQueryNotices); the search text is never refused.
 */
export const offerRawSearchParams = Object.fromEntries(
  Object.keys(offerChoiceSearchParams).map((k) => [k, parseAsString]),
) as Record<keyof typeof offerChoiceSearchParams, typeof parseAsString>;

export const loadRawOfferQuery = createLoader(offerRawSearchParams, { urlKeys: offerUrlKeys });

const expected = (values: readonly string[]) => `expected ${values.join(" or ")}`;
const ONE_OR_ZERO = "expected 1 or 0";

/** What each single-valued key is called in a notice, and the rule its value broke. */
const SINGLE: Partial<Record<OfferKey, [label: string, rule: string]>> = {
  tier: ["host tier", expected(TIERS)],
  icMin: ["minimum interconnect rate", "not a rate in Gbps"],
  vol: ["volume filter", ONE_OR_ZERO],
  maxGpuHr: ["maximum price per GPU-hour", "not a price"],
  maxNodeHr: ["maximum price per node-hour", "not a price"],
  nodes: ["node count", `a cluster has ${MIN_NODES} to ${MAX_NODES} nodes`],
  fits: ["“only offers that take this count”", ONE_OR_ZERO],
  community: ["community toggle", ONE_OR_ZERO],
  sort: ["sort", expected(SORT_KEYS)],
  dir: ["sort direction", expected(["asc", "desc"])],
};

const LIST: Partial<Record<OfferKey, string>> = {
  gpu: "GPU",
  gpn: "GPUs-per-node",
  country: "country",
  ic: "interconnect",
  dep: "deployment",
  stack: "stack",
};

function show(v: string): string {
  return v.length > 40 ? `${v.slice(0, 40)}…` : v;
}

/**
 * One line per value in the query that its parser refused (a list filter: per list with any unreadable part), in the
 * parsers' order. `raw` holds what the URL says per key; anything but a non-empty string (absent, or a value this
 * page wrote itself) is not a query value to judge.
 */
export function offerQueryNotices(raw: Partial<Record<OfferKey, unknown>>): string[] {
  const notices: string[] = [];
  for (const key of Object.keys(offerChoiceSearchParams) as OfferKey[]) {
    const value = raw[key];
    if (typeof value !== "string" || value === "") continue;
    const parsed: unknown = offerSearchParams[key].parse(value);
    const list = LIST[key];
    if (list !== undefined) {
      const parts = value.split(",").filter((p) => p.trim() !== "");
      if (Array.isArray(parsed) && parsed.length < parts.length)
        notices.push(`Ignored part of the ${list} filter (“${show(value)}”): it had unreadable values.`);
      continue;
    }
    const single = SINGLE[key];
    if (single && parsed === null) notices.push(`Ignored ${single[0]} “${show(value)}”: ${single[1]}.`);
  }
  return notices;
}

export type NumberFilterKey = keyof typeof AMOUNT_RULES;

/** What a number filter's text means: no bound (empty), a bound, or text the URL's parser refuses. */
export type NumberFilterRead = { ok: true; value: number | null } | { ok: false; rule: string };

/**
 * Reads what someone typed into a number filter with the same parser the URL is read with, so the field, the list
 * and the link accept exactly the same values. The refusal names the rule ("a price of 0 or more, like 1.5").
 */
export function readNumberFilter(key: NumberFilterKey, text: string): NumberFilterRead {
  const t = text.trim();
  if (t === "") return { ok: true, value: null };
  const n = offerSearchParams[key].parse(t);
  if (n !== null) return { ok: true, value: n };
  const { max, rule } = AMOUNT_RULES[key];
  const over = Number(t) > max;
  return { ok: false, rule: over ? `${rule.split(",")[0]}, at most ${formatCount(max)}` : rule };
}
