import "server-only";
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import type { RuncrateContext } from "@/lib/keys/server/runcrate-context";
import { balanceQueryOptions } from "@/lib/query/balance";
import { clustersQueryOptions } from "@/lib/clusters/queries";
import { sshKeysQueryOptions } from "@/lib/launch/queries";
import { storageQueryOptions } from "@/lib/launch/queries";
import { readClusters } from "@/lib/runcrate/server/reads";

/**
 * What the create form reads besides the offer — SSH keys, storage volumes, the balance and the cluster names — read
 * on the server beside it, so the form's first paint has its choices and its cost check, and hydration is not
 * followed by four fetches each re-rendering the form (docs/performance.md, "The create form's reads come with the
 * page").
 * A failed read is left out; the browser's own fetch then shows the reason and offers Retry.
 */
export async function prefetchLaunchForm(
  ctx: Extract<RuncrateContext, { state: "ready" }>,
): Promise<DehydratedState> {
  const qc = new QueryClient();
  const [keys, volumes, balance, clusters] = await Promise.allSettled([
    ctx.client.listSshKeys(),
    ctx.client.listStorage(),
    ctx.client.getBalance(),
    readClusters(ctx),
  ]);
  if (keys.status === "fulfilled") qc.setQueryData(sshKeysQueryOptions().queryKey, keys.value);
  if (volumes.status === "fulfilled") qc.setQueryData(storageQueryOptions().queryKey, volumes.value);
  if (balance.status === "fulfilled") qc.setQueryData(balanceQueryOptions().queryKey, balance.value);
  if (clusters.status === "fulfilled") qc.setQueryData(clustersQueryOptions().queryKey, clusters.value);
  return dehydrate(qc);
}
