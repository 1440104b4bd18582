import "server-only";
import { LRUCache } from "lru-cache";
import { getDb, type Db } from "@/lib/server/db/client";
import { insertClusterEvents, listClusterEventRows } from "@/lib/clusters/server/cluster-events";
import { log } from "@/lib/server/log";
import type { Cluster, ClusterEvent } from "@/lib/runcrate/schemas";
import { errorSummary } from "@/lib/server/db/errors";
import { recordClusterTestResult } from "@/lib/clusters/server/test-history-recorder";

/**
 * A cluster's whole timeline. A read of a cluster returns at most its last 50 events (Runcrate's tool descriptions),
 * so every event a read sees is kept, by id, per Runcrate key and cluster, and the cluster is handed on with the kept
 * timeline in place of the read's window: after 50 more events it still starts at its creation.
 *
 * The reads that see events call this as a step of their own (the cluster page and its route, the share view, the
 * guardian), not inside the GET helper. Per process, the timeline of a cluster is kept in memory once loaded, so a poll
 * writes only events it has not seen and reads the database only the first time. Never throws: on a database error
 * the read's own events are what the page gets.
 */

type Timeline = Map<number, ClusterEvent>;
const timelines = new LRUCache<string, Timeline>({ max: 2_000 });

/** Test hook: forget what this process holds, as a restart would. */
export function forgetTimelines(): void {
  timelines.clear();
}

async function loaded(db: Db, keyId: string, clusterId: string): Promise<Timeline> {
  const cacheKey = `${keyId} ${clusterId}`;
  const held = timelines.get(cacheKey);
  if (held) return held;
  const rows = await listClusterEventRows(db, keyId, clusterId);
  const t: Timeline = new Map(
    rows.map((r) => [r.eventId, { id: r.eventId, at: r.at, kind: r.kind, rank: r.rank, message: r.message }]),
  );
  timelines.set(cacheKey, t);
  return t;
}

/** The cluster with its kept timeline as `events`. `db`: the caller's database (the guardian's); else the app's. */
export async function withKeptEvents(keyId: string, cluster: Cluster, database?: Db): Promise<Cluster> {
  const seen = cluster.events;
  if (!seen) return cluster;
  const clusterId = String(cluster.id);
  try {
    const db = database ?? (await getDb());
    const timeline = await loaded(db, keyId, clusterId);
    const fresh = seen.filter((e) => !timeline.has(e.id));
    if (fresh.length > 0) {
      await insertClusterEvents(
        db,
        fresh.map((e) => ({
          keyId,
          clusterId,
          eventId: e.id,
          at: e.at,
          kind: e.kind,
          rank: e.rank ?? null,
          message: e.message,
        })),
      );
      for (const e of fresh) timeline.set(e.id, e);
    }
    if (timeline.size === seen.length) return cluster;
    return { ...cluster, events: [...timeline.values()].sort((a, b) => a.id - b.id) };
  } catch (e) {
    log.warn(
      { err: errorSummary(e), clusterId },
      "cluster timeline: events not kept; the read's own are shown",
    );
    return cluster;
  }
}

/**
 * What a read of one cluster saw, kept: its NCCL run (test-history-recorder.ts) and its events; returns the cluster
 * with its whole kept timeline. The step every reader that shows a cluster takes after its read (the cluster page
 * and its route, the test history, the share view, the guardian); the reads themselves write nothing.
 */
export async function keepClusterHistory(keyId: string, cluster: Cluster, database?: Db): Promise<Cluster> {
  // Two independent writes, neither of which throws: side by side, not one after the other, on every poll.
  const [, kept] = await Promise.all([
    recordClusterTestResult(keyId, cluster, database),
    withKeptEvents(keyId, cluster, database),
  ]);
  return kept;
}
