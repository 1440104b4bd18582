import "server-only";
import { itemsOf } from "@/lib/runcrate/listed";
import { getDb } from "@/lib/server/db/client";
import { findLaunchRecord } from "@/lib/launch/server/launch-records";
import type { RuncrateClient } from "@/lib/runcrate/server/client";
import { readCluster, readClusters } from "@/lib/runcrate/server/reads";
import { log } from "@/lib/server/log";
import {
  relaunchPrefill,
  sourceFromCluster,
  sourceFromRecord,
  type RelaunchPrefill,
  type RelaunchSource,
} from "@/lib/launch/relaunch";
import type { Offer } from "@/lib/runcrate/schemas";
import { errorSummary } from "@/lib/server/db/errors";

type Scope = {
  user: { id: string };
  key: { id: string; environment: string | null };
  client: RuncrateClient;
};

export type RelaunchPlan =
  | { state: "ready"; offer: Offer; prefill: RelaunchPrefill; fromName: string }
  | { state: "offer-gone"; offerId: string | null; source: RelaunchSource; gpuType: string | null };

/**
 * "Launch again" for one cluster: its launch record when it was launched here (node count, stack, SSH keys, volume
 * and any later form fields), else what the API's cluster object gives; checked against the offer as it is now.
 * Throws the read's RuncrateError (not found: another workspace's or unknown cluster).
 */
export async function planRelaunch(s: Scope, clusterId: string): Promise<RelaunchPlan> {
  const cluster = await readCluster(s, clusterId);
  const record = await findLaunchRecord(await getDb(), s.user.id, clusterId).catch((e: unknown) => {
    log.warn({ err: errorSummary(e) }, "relaunch: launch record not read");
    return null;
  });
  const source = record ? sourceFromRecord(cluster.name, record.values) : sourceFromCluster(cluster);
  const offerId = record?.offerId ?? cluster.offer_id ?? null;
  // GET /clusters/offers (community included: the cluster may have been on a community offer).
  const offer = offerId
    ? (await s.client.listOffers({ includeCommunity: true })).items.find((o) => o.id === offerId)
    : undefined;
  if (!offer) return { state: "offer-gone", offerId, source, gpuType: cluster.gpu_type || null };

  // The workspace's lists, to drop SSH keys and volumes that are gone; unknown (null) when a list cannot be read.
  const [keys, volumes, clusters] = await Promise.all([
    s.client.listSshKeys().then(itemsOf, () => null),
    s.client.listStorage().then(itemsOf, () => null),
    readClusters(s).then(itemsOf, () => []),
  ]);
  const prefill = relaunchPrefill(offer, source, {
    sshKeyIds: keys?.map((k) => k.id) ?? null,
    storageIds: volumes?.map((v) => v.id) ?? null,
    takenNames: new Set(clusters.filter((c) => c.status !== "terminated").map((c) => c.name)),
  });
  return { state: "ready", offer, prefill, fromName: cluster.name };
}
