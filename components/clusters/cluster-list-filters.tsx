"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import {
  LIST_FILTERS,
  LIST_WHOSE,
  type ListFilter,
  type ListView,
  type ListWhose,
} from "@/lib/clusters/list-view";
import { listViewHref } from "@/lib/clusters/list-search-params";
import { cn } from "@/lib/utils";

export const FILTER_LABEL: Record<ListFilter, string> = {
  all: "All",
  active: "Active",
  failed: "Failed",
  terminated: "Terminated",
};

/** A plain click filters in place (shallow, through nuqs); a modified or middle click opens the link as usual. */
function plainClick(e: React.MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/** A link to the list showing `show`, that filters in place when clicked. */
export function ListFilterLink({
  view,
  show = view.show,
  whose = view.whose,
  onView,
  className,
  children,
  ...rest
}: {
  view: ListView;
  show?: ListFilter;
  whose?: ListWhose;
  onView: (v: ListView) => void;
  className?: string;
  children: React.ReactNode;
  "aria-current"?: "page";
}) {
  const pathname = usePathname();
  const next = { ...view, show, whose };
  return (
    <Link
      href={listViewHref(pathname, next)}
      scroll={false}
      onClick={(e) => {
        if (!plainClick(e)) return;
        e.preventDefault();
        onView(next);
      }}
      className={className}
      {...rest}
    >
      {children}
    </Link>
  );
}

/** One choice of a segmented row of filter links: the chosen one raised, the others muted. */
const segment = (chosen: boolean) =>
  cn(
    "rounded-md px-3 py-1 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
    chosen ? "bg-background text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground",
  );
const SEGMENTS = "inline-flex rounded-lg bg-muted p-0.5";

/** The status tabs above the list, each with its count. */
export function ClusterListFilters({
  view,
  counts,
  onView,
}: {
  view: ListView;
  counts: Record<ListFilter, number>;
  onView: (v: ListView) => void;
}) {
  return (
    <nav aria-label="Filter clusters" className={SEGMENTS}>
      {LIST_FILTERS.map((f) => (
        <ListFilterLink
          key={f}
          view={view}
          show={f}
          onView={onView}
          aria-current={view.show === f ? "page" : undefined}
          className={segment(view.show === f)}
        >
          {FILTER_LABEL[f]} <span className="text-muted-foreground tabular-nums">{counts[f]}</span>
        </ListFilterLink>
      ))}
    </nav>
  );
}

const WHOSE_LABEL: Record<ListWhose, string> = { team: "Team", mine: "Mine" };

/** In a shared team: the team's clusters, or only those the person launched. */
export function ClusterWhoseFilter({ view, onView }: { view: ListView; onView: (v: ListView) => void }) {
  return (
    <nav aria-label="Whose clusters" className={SEGMENTS}>
      {LIST_WHOSE.map((w) => (
        <ListFilterLink
          key={w}
          view={view}
          whose={w}
          onView={onView}
          aria-current={view.whose === w ? "page" : undefined}
          className={segment(view.whose === w)}
        >
          {WHOSE_LABEL[w]}
        </ListFilterLink>
      ))}
    </nav>
  );
}
