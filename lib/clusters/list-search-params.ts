/**
 * The cluster list's filter and sort in the URL (?show=active&whose=mine&sort=cost&dir=desc), so a view can be shared and
 * survives a reload. One definition for the server and the browser; an unknown value falls back to the default.
 */
import { createLoader, createSerializer, parseAsStringLiteral, type SearchParams } from "nuqs/server";
import {
  DEFAULT_VIEW,
  LIST_FILTERS,
  LIST_SORTS,
  LIST_WHOSE,
  naturalDir,
  type ListSort,
  type ListView,
  type SortDir,
} from "@/lib/clusters/list-view";

export const clusterListSearchParams = {
  show: parseAsStringLiteral(LIST_FILTERS).withDefault(DEFAULT_VIEW.show),
  whose: parseAsStringLiteral(LIST_WHOSE).withDefault(DEFAULT_VIEW.whose),
  sort: parseAsStringLiteral(LIST_SORTS).withDefault(DEFAULT_VIEW.sort),
  // No default of its own: a missing direction is the sort's natural one.
  dir: parseAsStringLiteral(["asc", "desc"] as const),
};

type ListQuery = { show: ListView["show"]; whose: ListView["whose"]; sort: ListSort; dir: SortDir | null };

export function listViewOf(q: ListQuery): ListView {
  return { show: q.show, whose: q.whose, sort: q.sort, dir: q.dir ?? naturalDir(q.sort) };
}

/** What to write for a view: the default view writes nothing; any other sort writes both its keys. */
export function listQueryOf(v: ListView): ListQuery {
  const isDefault = v.sort === DEFAULT_VIEW.sort && v.dir === DEFAULT_VIEW.dir;
  return { show: v.show, whose: v.whose, sort: v.sort, dir: isDefault ? null : v.dir };
}

const load = createLoader(clusterListSearchParams);
export const loadListView = (input: SearchParams | URLSearchParams) => listViewOf(load(input));

const serialize = createSerializer(clusterListSearchParams);
/** The list's URL for a view, e.g. `/clusters?show=failed`. */
export const listViewHref = (pathname: string, v: ListView) => serialize(pathname, listQueryOf(v));
