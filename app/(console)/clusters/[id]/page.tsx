import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { ClusterDetail } from "@/components/clusters/cluster-detail";
import { LimitsLine } from "@/components/limits/limits-line";
import { ShareButton } from "@/components/share/share-button";
import { guardViewNow } from "@/lib/limits/server/guard-view";
import { NoKeyYet } from "@/components/clusters/no-key";
import { noKeyTeam } from "@/lib/teams/permissions";
import type { NodeCountLimits } from "@/lib/offers/offer-rules";
import { getRuncrateContext } from "@/lib/keys/server/runcrate-context";
import { getDb } from "@/lib/server/db/client";
import { clusterPageAccess } from "@/lib/teams/server/authorize";
import { TransferButton } from "@/components/clusters/transfer-button";
import { isClusterId } from "@/lib/runcrate/cluster-id";
import { keepClusterHistory } from "@/lib/clusters/server/cluster-timeline";
import { readCluster, readOfferOf } from "@/lib/runcrate/server/reads";
import { clusterQueryOptions } from "@/lib/clusters/queries";
import { isRuncrateError } from "@/lib/runcrate/server/errors";
import type { Cluster } from "@/lib/runcrate/schemas";

export const metadata: Metadata = { title: "Cluster" };

export default async function ClusterPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await getRuncrateContext();
  if (ctx.state === "signed-out") redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/clusters/${id}`)}`);
  if (ctx.state === "no-key") return <NoKeyYet team={noKeyTeam(ctx.team)} />;
  if (!isClusterId(id)) notFound();

  // Spending limits (the limits line, rendered here with no client JavaScript, and the spend record's rate segments)
  // are the console's own record: read beside the cluster, not after it.
  const guardRead = guardViewNow({ userId: ctx.user.id, keyId: ctx.key.id }, id).catch(() => null);
  // What the person's role lets them do here (a colleague's cluster: fewer buttons, or a reason asked).
  // An admin may also hand a cluster launched here to another member.
  const accessRead = clusterPageAccess(await getDb(), { userId: ctx.user.id, team: ctx.team }, id);

  // Prefetch for the first paint. Not found (unknown id, or another workspace's) → the not-found page; any other
  // failure is left to the browser, which shows the reason and keeps retrying.
  const qc = new QueryClient();
  let cluster: Cluster | null = null;
  try {
    cluster = await keepClusterHistory(ctx.key.id, await readCluster(ctx, id));
    qc.setQueryData(clusterQueryOptions(id).queryKey, cluster);
  } catch (e) {
    if (isRuncrateError(e) && e.kind === "not_found") notFound();
  }

  // The offer's node-count limits (for resizing) need the cluster's offer; the guard read runs on meanwhile.
  const offerRead =
    cluster?.resize === true ? readOfferOf(ctx, cluster).catch(() => null) : Promise.resolve(null);
  const [offer, guard, { permissions, transfer }] = await Promise.all([offerRead, guardRead, accessRead]);
  const limits: NodeCountLimits | null = offer
    ? {
        min_nodes: offer.min_nodes,
        max_nodes: offer.max_nodes,
        allowed_node_counts: offer.allowed_node_counts ?? null,
      }
    : null;
  const limitsLine =
    guard && cluster ? (
      <LimitsLine
        cluster={cluster}
        view={guard.view}
        now={guard.now}
        editable={permissions.actions.limits.allowed}
      />
    ) : null;

  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <ClusterDetail
        id={id}
        limits={limits}
        limitsLine={limitsLine}
        segments={guard?.view.segments ?? null}
        share={permissions.actions.share.allowed ? <ShareButton clusterId={id} /> : null}
        transfer={
          transfer && cluster ? (
            <TransferButton clusterId={id} clusterName={cluster.name} choices={transfer} />
          ) : null
        }
        permissions={permissions}
      />
    </HydrationBoundary>
  );
}
