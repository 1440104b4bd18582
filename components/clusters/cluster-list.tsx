"use client";

import { PlusIcon, ServerIcon } from "lucide-react";
import Link from "next/link";
import { StatusMessage } from "@/components/shell/status-message";
import { ListNotesLine } from "@/components/common/list-notes-line";
import { notesOf } from "@/lib/runcrate/listed";
import { Button } from "@/components/ui/button";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { clusterLedgerQueryOptions } from "@/lib/spend/queries";
import { clustersQueryOptions } from "@/lib/clusters/queries";
import { unreadableListText } from "@/lib/query/list-notes";
import { clockSkew } from "@/lib/clusters/clock";
import { applyListView, countByGroup, ofWhose, toggleSort } from "@/lib/clusters/list-view";
import { ClusterCards } from "./cluster-cards";
import { ClusterListFilters, ClusterWhoseFilter, FILTER_LABEL, ListFilterLink } from "./cluster-list-filters";
import { MobileSort } from "./cluster-list-sort";
import { ClusterTable } from "./cluster-table";
import { LiveStatus } from "./live-status";
import { LoadError } from "./load-error";
import { useListView } from "./use-list-view";
import { useLiveClusters } from "./use-live-query";
import { useNow } from "@/components/common/use-now";

export function ClusterList() {
  const { query, meta } = useLiveClusters();
  const { view, setView } = useListView();
  const notes = useQuery({ ...clustersQueryOptions(), select: notesOf }).data;
  // In a shared team, who launched each cluster (null: the person's own team, every cluster theirs).
  const launchers = useQuery({ ...clustersQueryOptions(), select: (l) => l.launchers ?? null }).data ?? null;
  const unreadable = unreadableListText(notes, "cluster");
  const now = useNow();
  // The console's own record of finished clusters: their final cost and whether a limit ended them. Without it
  // (not read yet, or failing) the rows fall back to the API's fields, labelled "estimated".
  const ledger = useQuery({
    ...clusterLedgerQueryOptions(query.data ?? []),
    placeholderData: keepPreviousData,
  }).data;

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">Clusters</h1>
        <p className="text-sm text-muted-foreground">
          Every cluster of the Runcrate key in use (yours, or your team&rsquo;s), live.
        </p>
      </div>
      <Button asChild>
        <Link href="/offers">
          <PlusIcon aria-hidden="true" />
          New cluster
        </Link>
      </Button>
    </div>
  );

  if (!query.data) {
    return (
      <div className="flex flex-col gap-4">
        {header}
        {query.error ? (
          <LoadError
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            what="your clusters"
          />
        ) : (
          <p className="py-10 text-center text-sm text-muted-foreground">Loading clusters…</p>
        )}
      </div>
    );
  }

  const all = query.data;
  const skew = clockSkew(all, query.dataUpdatedAt);
  const inTeam = launchers !== null;
  // The status tabs count what the Team / Mine choice shows.
  const counts = countByGroup(ofWhose(all, view.whose, launchers));
  const at = now === null ? null : now + skew;
  const rows = applyListView(all, view, at ?? query.dataUpdatedAt + skew, ledger, launchers);

  return (
    <div className="flex flex-col gap-4">
      {header}
      {all.length > 0 ? <ListNotesLine notes={notes} noun="cluster" /> : null}
      {all.length === 0 && unreadable ? (
        // Empty only because nothing could be read: never "No clusters yet" beside "3 clusters could not be read".
        <StatusMessage
          headingLevel={2}
          icon={<ServerIcon />}
          title={unreadable.title}
          className="rounded-lg border border-dashed"
        >
          {unreadable.body}
        </StatusMessage>
      ) : all.length === 0 ? (
        <StatusMessage
          headingLevel={2}
          icon={<ServerIcon />}
          title="No clusters yet"
          className="rounded-lg border border-dashed"
          actions={
            <Button asChild>
              <Link href="/offers">Browse offers</Link>
            </Button>
          }
        >
          Pick an offer to launch your first multi-node cluster. It shows up here while it comes up.
        </StatusMessage>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex flex-wrap items-center gap-2">
              {inTeam ? <ClusterWhoseFilter view={view} onView={setView} /> : null}
              <ClusterListFilters view={view} counts={counts} onView={setView} />
            </div>
            <LiveStatus
              updatedAt={query.dataUpdatedAt}
              meta={meta}
              error={query.error}
              fetching={query.isFetching}
              onRefresh={() => void query.refetch()}
              className={meta.stale ? "w-full" : undefined}
            />
          </div>
          {rows.length === 0 ? (
            <p className="rounded-lg border border-dashed py-10 text-center text-sm text-muted-foreground">
              No {view.show === "all" ? "" : `${FILTER_LABEL[view.show].toLowerCase()} `}clusters
              {inTeam && view.whose === "mine" ? " of yours" : ""}.{" "}
              <ListFilterLink
                view={view}
                show="all"
                whose="team"
                onView={setView}
                className="text-brand underline-offset-4 hover:underline"
              >
                Show all
              </ListFilterLink>
            </p>
          ) : (
            <>
              <ClusterTable
                rows={rows}
                view={view}
                now={at}
                ledger={ledger}
                launchers={launchers}
                onSort={(s) => setView(toggleSort(view, s))}
              />
              <MobileSort view={view} onChange={setView} />
              <ClusterCards rows={rows} now={at} ledger={ledger} launchers={launchers} />
            </>
          )}
        </>
      )}
    </div>
  );
}
