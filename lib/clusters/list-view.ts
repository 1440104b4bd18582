/**
 * The cluster list's views: which clusters show and in what order (no I/O). The URL side is
 * lib/clusters/list-search-params.ts.
 */
import type { Listed } from "@/lib/runcrate/listed";
import type { Cluster } from "@/lib/runcrate/schemas";
import type { ListLedger } from "@/lib/spend/list-ledger-view";
import { costSoFar, hourlyRate, isFinished } from "@/lib/spend/cluster-cost";
import { formatDuration } from "@/lib/format/duration";
import { parseTime } from "@/lib/time";
import { statusGroup } from "./status-group";

export const LIST_FILTERS = ["all", "active", "failed", "terminated"] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];
export const LIST_SORTS = ["created", "name", "status", "rate", "cost"] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export type SortDir = "asc" | "desc";
/** In a shared team: every cluster of the team's workspace, or only those the person launched. */
export const LIST_WHOSE = ["team", "mine"] as const;
export type ListWhose = (typeof LIST_WHOSE)[number];
export type ListView = { show: ListFilter; whose: ListWhose; sort: ListSort; dir: SortDir };

/** How long ago a cluster was created ("3h 5m"); null when the time or the clock is unknown (a list summary). */
export function ageText(c: Pick<Cluster, "created_at">, now: number | null): string | null {
  const created = parseTime(c.created_at);
  return now === null || created === null ? null : formatDuration(Math.max(0, now - created));
}

export const DEFAULT_VIEW: ListView = { show: "all", whose: "team", sort: "created", dir: "desc" };

/** A column's own direction when first sorted by it, and the direction when the URL names none. */
export function naturalDir(sort: ListSort): SortDir {
  return sort === "name" || sort === "status" ? "asc" : "desc";
}

/** Clicking a column: same column flips direction; a new column starts with its natural direction. */
export function toggleSort(v: ListView, sort: ListSort): ListView {
  if (v.sort === sort) return { ...v, dir: v.dir === "asc" ? "desc" : "asc" };
  return { ...v, sort, dir: naturalDir(sort) };
}

export function countByGroup(clusters: readonly Cluster[]): Record<ListFilter, number> {
  const out: Record<ListFilter, number> = { all: clusters.length, active: 0, failed: 0, terminated: 0 };
  for (const c of clusters) out[statusGroup(c.status)]++;
  return out;
}

/**
 * Who launched each cluster of a shared team's list: the person themself or a colleague (by email); a cluster missing
 * here was made outside Clusterdeck. Null in a personal team, where every cluster is the person's own.
 */
export type Launchers = Record<string, { you: boolean; email: string }> | null;

/**
 * The cluster list as the page and GET /api/clusters send it: the key's clusters, and who launched each (absent where
 * only the clusters were read, as for the create form's name check).
 */
export type ClusterList = Listed<Cluster> & { launchers?: Launchers };

/** The "Launched by" cell: "You", a colleague's address, or that nobody launched it here. */
export function launchedByText(launchers: Launchers, id: string): string {
  const l = launchers?.[id];
  return !l ? "Outside Clusterdeck" : l.you ? "You" : l.email;
}

/** The team's clusters, or (`mine`) those the person launched; in a personal team (no launchers) all are theirs. */
export function ofWhose(clusters: readonly Cluster[], whose: ListWhose, launchers: Launchers): Cluster[] {
  return whose === "team" || launchers === null
    ? [...clusters]
    : clusters.filter((c) => launchers[c.id]?.you === true);
}

/** The clusters of one team (`whose`: all of them, or the person's own) in one status group, in the view's order. */
export function applyListView(
  clusters: readonly Cluster[],
  v: ListView,
  now: number,
  ledger?: ListLedger,
  launchers: Launchers = null,
): Cluster[] {
  const shown = ofWhose(clusters, v.whose, launchers).filter(
    (c) => v.show === "all" || statusGroup(c.status) === v.show,
  );
  const key = (c: Cluster): number | string => {
    switch (v.sort) {
      case "name":
        return c.name.toLowerCase();
      case "status":
        return c.status;
      case "rate":
        return isFinished(c) ? 0 : hourlyRate(c);
      case "cost":
        return costSoFar(c, now, ledger?.[c.id]?.segments).amount;
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
