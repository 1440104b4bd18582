"use client";

import { useCallback, useMemo } from "react";
import { useQueryStates } from "nuqs";
import type { ListView } from "@/lib/clusters/list-view";
import { clusterListSearchParams, listQueryOf, listViewOf } from "@/lib/clusters/list-search-params";

/**
 * The cluster list's filter and sort, kept in the URL with nuqs: shallow (no server round trip), no scrolling, and a
 * history entry per choice so Back undoes it.
 */
export function useListView() {
  const [query, setQuery] = useQueryStates(clusterListSearchParams, { history: "push" });
  const view = useMemo(() => listViewOf(query), [query]);
  const setView = useCallback((v: ListView) => void setQuery(listQueryOf(v)), [setQuery]);
  return { view, setView };
}
