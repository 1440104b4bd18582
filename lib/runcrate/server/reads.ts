import "server-only";
import { isClusterId } from "@/lib/runcrate/cluster-id";
import { coalescedRead } from "@/lib/runcrate/server/coalesce";
import { RuncrateError } from "@/lib/runcrate/server/errors";
import { completeSummaries } from "@/lib/runcrate/server/summaries";
import type { Listed } from "@/lib/runcrate/listed";
import type { Cluster, Offer } from "@/lib/runcrate/schemas";

/**
 * Server-side reads for the cluster pages and their GET route handlers. Identical reads of one key in one environment
 * are coalesced (lib/runcrate/server/coalesce.ts), so several tabs polling one cluster reach Runcrate once per interval.
 * They only read: keeping what a read saw (NCCL runs, events) is a step of its own for the readers that show it
 * (lib/clusters/server/cluster-timeline.ts keepClusterHistory).
 */
type Scope = {
  key: { id: string; environment: string | null };
  client: {
    getCluster(id: string): Promise<Cluster>;
    listClusters(): Promise<Listed<Cluster>>;
    listOffers(q?: { volume?: boolean; includeCommunity?: boolean }): Promise<Listed<Offer>>;
  };
};

export const CLUSTER_NOT_FOUND_MESSAGE =
  "No cluster with this id in the active key's workspace. It may have been created with another key or environment.";

export function clusterNotFound(detail: string): RuncrateError {
  return new RuncrateError({
    kind: "not_found",
    status: 404,
    code: "not_found",
    message: detail,
    userMessage: CLUSTER_NOT_FOUND_MESSAGE,
  });
}

/** GET /clusters/{id}. A malformed id is answered as not found without asking upstream. */
export async function readCluster(s: Scope, id: string): Promise<Cluster> {
  if (!isClusterId(id)) throw clusterNotFound("malformed cluster id refused before the upstream call");
  try {
    return await coalescedRead({ keyId: s.key.id, environment: s.key.environment }, `/clusters/${id}`, () =>
      s.client.getCluster(id),
    );
  } catch (e) {
    // Another workspace's cluster answers 404 too: same words either way, nothing revealed.
    if (e instanceof RuncrateError && e.kind === "not_found") throw clusterNotFound(e.message);
    throw e;
  }
}

/**
 * The cluster as Runcrate sent it (redacted), for the Inspect view. Same id check and same not-found words as
 * readCluster; not coalesced — it is read once, on demand.
 */
export async function readClusterRaw(
  s: { client: { getClusterRaw(id: string): Promise<unknown> } },
  id: string,
): Promise<unknown> {
  if (!isClusterId(id)) throw clusterNotFound("malformed cluster id refused before the upstream call");
  try {
    return await s.client.getClusterRaw(id);
  } catch (e) {
    if (e instanceof RuncrateError && e.kind === "not_found") throw clusterNotFound(e.message);
    throw e;
  }
}

/** GET /clusters?status=all, with each summary item completed by a read of its cluster (summaries.ts). */
export async function readClusters(s: Scope): Promise<Listed<Cluster>> {
  const scope = { keyId: s.key.id, environment: s.key.environment };
  const listed = await coalescedRead(scope, "/clusters", () => s.client.listClusters());
  return completeSummaries(listed, `${scope.keyId} ${scope.environment ?? ""}`, (id) =>
    coalescedRead(scope, `/clusters/${id}`, () => s.client.getCluster(id)),
  );
}

/** The offer a cluster was made from, for its node-count limits (GET /clusters/offers). Null when it is gone. */
export async function readOfferOf(s: Scope, cluster: Pick<Cluster, "offer_id">): Promise<Offer | null> {
  if (!cluster.offer_id) return null;
  const offers = await coalescedRead(
    { keyId: s.key.id, environment: s.key.environment },
    "/clusters/offers?include_community=true",
    () => s.client.listOffers({ includeCommunity: true }),
  );
  return offers.items.find((o) => o.id === cluster.offer_id) ?? null;
}
