import "server-only";
import { LRUCache } from "lru-cache";
import { ENDED_STATUSES } from "@/lib/runcrate/constants";
import type { Cluster } from "@/lib/runcrate/schemas";
import type { Listed } from "@/lib/runcrate/listed";

/**
 * Cluster list items as summaries (Runcrate's tool descriptions: id, name, status, counts, GPU, place and rates, but no
 * nodes, events, connection, tests or times). The console shows what a cluster has cost, which needs its times, so a
 * summary is completed with a read of the cluster itself. An ended cluster no longer changes: its full read is kept
 * (per workspace key and environment, bounded), so a long history costs one read per cluster per process, not one per
 * poll. A read that fails leaves the summary as it is; the pages read every field as possibly absent.
 */

/** A list item without times or nodes: its cost and machines can't be read from it. */
export function isSummary(c: Cluster): boolean {
  return c.created_at == null && c.nodes == null;
}

/** Reads of summaries at the same time, per list. */
const CONCURRENCY = 4;
const ended = new LRUCache<string, Cluster>({ max: 10_000 });

/** Test hook: forget the kept reads of ended clusters. */
export function forgetEndedClusters(): void {
  ended.clear();
}

export async function completeSummaries(
  list: Listed<Cluster>,
  scope: string,
  read: (id: string) => Promise<Cluster>,
): Promise<Listed<Cluster>> {
  if (!list.items.some(isSummary)) return list;
  const out = [...list.items];
  const todo = out.flatMap((c, i) => (isSummary(c) ? [i] : []));
  const worker = async () => {
    for (let i = todo.shift(); i !== undefined; i = todo.shift()) {
      const summary = out[i]!;
      const cacheKey = `${scope} ${summary.id}`;
      const kept = ended.get(cacheKey);
      if (kept && ENDED_STATUSES.has(summary.status)) {
        out[i] = kept;
        continue;
      }
      try {
        const full = await read(summary.id);
        out[i] = full;
        if (ENDED_STATUSES.has(full.status)) ended.set(cacheKey, full);
      } catch {
        // Gone, or the read failed: the summary is what is known.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, todo.length) }, worker));
  return { items: out, notes: list.notes };
}
