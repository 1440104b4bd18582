/**
 * The cluster list's filter and sort, kept in the URL (?show=active&sort=cost&dir=desc) so a view can be shared and
 * survives a reload. Unknown or missing values fall back to the defaults instead of failing.
 */
import type { Cluster } from "@/lib/runcrate/schemas";
import { firstParam, type PageSearchParams } from "@/lib/search-params";
import { costSoFar, hourlyRate } from "@/lib/cost/cluster-cost";
import { parseTime } from "./format";
import { statusGroup } from "./status";

export const LIST_FILTERS = ["all", "active", "failed", "terminated"] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];
export const LIST_SORTS = ["created", "name", "status", "rate", "cost"] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export type SortDir = "asc" | "desc";
export type ListView = { show: ListFilter; sort: ListSort; dir: SortDir };

export const DEFAULT_VIEW: ListView = { show: "all", sort: "created", dir: "desc" };

type Params = PageSearchParams | URLSearchParams;

function oneOf<T extends string>(list: readonly T[], v: string | undefined): T | undefined {
  return list.find((x) => x === v);
}

export function parseListView(p: Params): ListView {
  const sort = oneOf(LIST_SORTS, firstParam(p, "sort")) ?? DEFAULT_VIEW.sort;
  const dir =
    oneOf(["asc", "desc"] as const, firstParam(p, "dir")) ??
    (sort === "name" || sort === "status" ? "asc" : "desc");
  return { show: oneOf(LIST_FILTERS, firstParam(p, "show")) ?? DEFAULT_VIEW.show, sort, dir };
}

/** Query string for a view; defaults are left out so the plain /clusters URL is the default view. */
export function listViewQuery(v: ListView): string {
  const q = new URLSearchParams();
  if (v.show !== DEFAULT_VIEW.show) q.set("show", v.show);
  if (v.sort !== DEFAULT_VIEW.sort || v.dir !== DEFAULT_VIEW.dir) {
    q.set("sort", v.sort);
    q.set("dir", v.dir);
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** Clicking a column: same column flips direction; a new column starts with its natural direction. */
export function toggleSort(v: ListView, sort: ListSort): ListView {
  if (v.sort === sort) return { ...v, dir: v.dir === "asc" ? "desc" : "asc" };
  return { ...v, sort, dir: sort === "name" || sort === "status" ? "asc" : "desc" };
}

export function countByGroup(clusters: readonly Cluster[]): Record<ListFilter, number> {
  const out: Record<ListFilter, number> = { all: clusters.length, active: 0, failed: 0, terminated: 0 };
  for (const c of clusters) out[statusGroup(c.status)]++;
  return out;
}

export function applyListView(clusters: readonly Cluster[], v: ListView, now: number): Cluster[] {
  const shown = v.show === "all" ? [...clusters] : clusters.filter((c) => statusGroup(c.status) === v.show);
  const key = (c: Cluster): number | string => {
    switch (v.sort) {
      case "name":
        return c.name.toLowerCase();
      case "status":
        return c.status;
      case "rate":
        return hourlyRate(c);
      case "cost":
        return costSoFar(c, now).amount;
      case "created":
        return parseTime(c.created_at) ?? 0;
    }
  };
  const sign = v.dir === "asc" ? 1 : -1;
  return shown.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka < kb) return -sign;
    if (ka > kb) return sign;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}
