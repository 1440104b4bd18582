"use client";

import { useCallback, useMemo, useRef } from "react";
import { debounce, useQueryState, useQueryStates } from "nuqs";
import {
  offerChoiceSearchParams,
  offerQueryNotices,
  offerRawSearchParams,
  offerSearchParams,
  offerUrlKeys,
  withImpliedCommunity,
  type OfferChoices,
} from "@/lib/offers/search-params";

/** The URL follows typing once it pauses this long, so typing never waits on the router. */
export const SEARCH_URL_DELAY_MS = 250;
const MAX_SEARCH = 200;

const searchParser = offerSearchParams.q.withOptions({ history: "replace" });
const typing = { limitUrlUpdates: debounce(SEARCH_URL_DELAY_MS) };

type ChoicePatch = Partial<OfferChoices> | ((current: OfferChoices) => Partial<OfferChoices>);

/**
 * The offers page's filters, kept in the URL with nuqs. State changes at once (the list re-renders in the same task as
 * the click); the URL follows shallowly (no server round trip) and without scrolling. A discrete choice pushes a
 * history entry, so Back undoes it; typing replaces the current entry once it pauses.
 *
 * The search text is its own state, so the choices object keeps its identity while someone types (the list's
 * filtering waits for the deferred text). A choice writes every key, so a value the page ignored (and reported as a
 * notice) leaves the URL with the first change, as the notice does, and a search still waiting for its pause is
 * written into the same entry.
 *
 * nuqs writes the URL after the event that changed the state. A write that lands while a client navigation is loading
 * makes Next drop that navigation, so links that leave the page wait for `urlWritten()` first, and leaving the
 * search box writes only when a search is still waiting for its pause.
 */
export function useOfferFilters() {
  const [parsed, setChoices] = useQueryStates(offerChoiceSearchParams, {
    urlKeys: offerUrlKeys,
    history: "push",
  });
  const [q, setQ] = useQueryState("q", searchParser);
  const [raw] = useQueryStates(offerRawSearchParams, { urlKeys: offerUrlKeys });
  const choices = useMemo(() => withImpliedCommunity(parsed), [parsed]);
  const notices = useMemo(() => offerQueryNotices(raw), [raw]);

  // The URL writes not yet made: the latest one overall, and a search waiting for its pause.
  const written = useRef<Promise<unknown>>(Promise.resolve());
  const searchWaiting = useRef<Promise<unknown> | null>(null);
  const unwritten = useRef(0);
  const track = useCallback((write: Promise<unknown>, search: boolean) => {
    written.current = write;
    unwritten.current++;
    if (search) searchWaiting.current = write;
    const settle = () => {
      unwritten.current--;
      if (searchWaiting.current === write) searchWaiting.current = null;
    };
    write.then(settle, settle);
  }, []);

  const setFilters = useCallback(
    (patch: ChoicePatch, search?: string) => {
      void setChoices((prev) => {
        const current = withImpliedCommunity(prev);
        return { ...current, ...(typeof patch === "function" ? patch(current) : patch) };
      });
      track(
        setQ((current) => search ?? current, { history: "push" }),
        false,
      );
      searchWaiting.current = null;
    },
    [setChoices, setQ, track],
  );

  /** Typing: the state follows each keystroke, the URL the pause after it, or at once (`now`: Enter, leaving the box). */
  const setSearch = useCallback(
    (text: string, now = false) => {
      if (now && searchWaiting.current === null) return;
      track(setQ(text.slice(0, MAX_SEARCH), now ? undefined : typing), !now);
    },
    [setQ, track],
  );

  /** Resolves once the URL holds the state (every write above has been made). */
  const urlWritten = useCallback(
    () =>
      written.current.then(
        () => undefined,
        () => undefined,
      ),
    [],
  );

  const urlWrites = useMemo(
    () => ({ pending: () => unwritten.current > 0, written: urlWritten }),
    [urlWritten],
  );

  return { choices, q, notices, setFilters, setSearch, urlWrites };
}
