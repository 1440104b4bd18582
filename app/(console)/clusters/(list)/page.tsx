import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { ClusterList } from "@/components/clusters/cluster-list";
import { ClusterListSkeleton } from "@/components/clusters/skeletons";
import { NoKeyYet } from "@/components/clusters/no-key";
import { noKeyTeam } from "@/lib/teams/permissions";
import { getRuncrateContext } from "@/lib/keys/server/runcrate-context";
import { readClusterList } from "@/lib/clusters/server/cluster-list";
import { clusterLedgerQueryOptions } from "@/lib/spend/queries";
import { clustersQueryOptions } from "@/lib/clusters/queries";
import { listLedgerView } from "@/lib/limits/server/guard-view";

export const metadata: Metadata = { title: "Clusters" };

export default async function ClustersPage() {
  const ctx = await getRuncrateContext();
  if (ctx.state === "signed-out") redirect("/sign-in?callbackUrl=%2Fclusters");
  if (ctx.state === "no-key") return <NoKeyYet team={noKeyTeam(ctx.team)} />;

  // Prefetch so the first paint has the table; a failure here is left to the client, which shows it and retries.
  const qc = new QueryClient();
  try {
    const clusters = await readClusterList(ctx);
    qc.setQueryData(clustersQueryOptions().queryKey, clusters);
    const ledger = clusterLedgerQueryOptions(clusters.items);
    if (ledger.enabled)
      qc.setQueryData(ledger.queryKey, await listLedgerView({ userId: ctx.user.id, keyId: ctx.key.id }));
  } catch {
    // the browser's first fetch reports the reason
  }
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <Suspense fallback={<ClusterListSkeleton />}>
        <NuqsAdapter>
          <ClusterList />
        </NuqsAdapter>
      </Suspense>
    </HydrationBoundary>
  );
}
