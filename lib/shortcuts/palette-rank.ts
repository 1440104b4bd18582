import { defaultFilter } from "cmdk";

/**
 * How the command palette ranks its options for a typed text: cmdk's own fuzzy score, with two rules on top.
 * - A text that is an option's whole name puts that option first: a cluster's before anything else, then a page's
 *   or a GPU's. cmdk's score alone ranks "Settings" above a cluster named "settings", and a cluster named
 *   "audit-log" below "Settings: Audit log", so Enter after a cluster's full name went elsewhere.
 * - "Search offers for …" (shown for any text) matches every text and ranks below every real match: it is the
 *   fallback.
 * The palette gives each option its name as the first keyword (cmdk's `keywords` prop), so this works on cmdk's own
 * filter arguments.
 */

/** An option as cmdk sees it: its value and keywords, the first keyword being the name it is shown with. */
export type PaletteOption = { value: string; keywords: string[] };

export const SEARCH_OFFERS = "search offers ";
export const CLUSTER_OPTION = "cluster ";

const EXACT_CLUSTER = 1;
const EXACT_OTHER = 0.95;
/** cmdk's score (at most 1) is scaled below the exact-name ranks. */
const FUZZY = 0.9;

const normalised = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");

/** The palette's `filter` for cmdk: > 0 shows the option, higher ranks first. */
export function paletteRank(value: string, search: string, keywords: string[] = []): number {
  if (value.startsWith(SEARCH_OFFERS)) return Number.MIN_VALUE;
  const text = normalised(search);
  const name = keywords[0];
  if (text !== "" && name !== undefined && normalised(name) === text)
    return value.startsWith(CLUSTER_OPTION) ? EXACT_CLUSTER : EXACT_OTHER;
  return defaultFilter(value, search, keywords) * FUZZY;
}

export type PaletteGroup<O extends PaletteOption> = { heading: string; options: readonly O[] };

/**
 * What the palette shows for a text, in order: the options that match, best first, in groups ordered by their best
 * option (equals keep the order given). With no text, everything as given. The palette renders this itself (cmdk's
 * `shouldFilter={false}`): cmdk 1.1 sorts options inside a group but leaves the groups in place, so its first option
 * — the one it highlights — could be a page above a better-matching cluster.
 */
export function rankedGroups<O extends PaletteOption>(
  groups: readonly PaletteGroup<O>[],
  search: string,
): Array<{ heading: string; options: O[] }> {
  if (search.trim() === "")
    return groups
      .filter((g) => g.options.length > 0)
      .map((g) => ({ heading: g.heading, options: [...g.options] }));
  const scored = groups.map((g, gi) => {
    const options = g.options
      .map((o, i) => ({ o, i, score: paletteRank(o.value, search, o.keywords) }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score || a.i - b.i);
    return { g, gi, options, top: options[0]?.score ?? 0 };
  });
  return scored
    .filter((x) => x.options.length > 0)
    .sort((a, b) => b.top - a.top || a.gi - b.gi)
    .map((x) => ({ heading: x.g.heading, options: x.options.map((s) => s.o) }));
}

/** The option Enter takes for this text: the first one shown; null when nothing matches. */
export function bestOption<O extends PaletteOption>(
  groups: readonly PaletteGroup<O>[],
  search: string,
): string | null {
  return rankedGroups(groups, search)[0]?.options[0]?.value ?? null;
}
