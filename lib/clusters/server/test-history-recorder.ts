import "server-only";
import { LRUCache } from "lru-cache";
import { getDb, type Db } from "@/lib/server/db/client";
import { listTestRunRows, upsertTestRun } from "@/lib/clusters/server/test-runs";
import { log } from "@/lib/server/log";
import { peakBusbw } from "@/lib/clusters/nccl";
import type { TestRunView } from "@/lib/clusters/test-history";
import type { Cluster } from "@/lib/runcrate/schemas";
import { errorSummary } from "@/lib/server/db/errors";

/**
 * NCCL test history. The API keeps only a cluster's `last_test`, so the readers that show clusters (the list and
 * the cluster page with their routes, the test history, the share view) and the guardian, which reads clusters with
 * no browser open, pass what they read to recordClusterTestResult (or keepClusterHistory), which keeps each run (by
 * its id) in Postgres with its result and the cluster's size at the time.
 *
 * Polls read the same state over and over: what was last written per run is remembered in this process, so a
 * repeat read writes nothing. Never throws: history must not break the read it rides on.
 */
const written = new LRUCache<string, string>({ max: 5_000 });

function parsedTime(s: string | null | undefined): Date | null {
  if (!s) return null;
  const t = Date.parse(s);
  return Number.isFinite(t) ? new Date(t) : null;
}

/** Keeps the run a read of `cluster` shows. `database`: the caller's (the guardian's); else the app's. */
export async function recordClusterTestResult(keyId: string, cluster: Cluster, database?: Db): Promise<void> {
  const t = cluster.last_test;
  if (!t?.id) return;
  const id = `${keyId}:${cluster.id}:${t.id}`;
  const state = JSON.stringify([t.status, t.finished_at ?? null, t.result?.peak_busbw_gb_s ?? null]);
  if (written.get(id) === state) return;
  try {
    await upsertTestRun(database ?? (await getDb()), {
      keyId,
      clusterId: String(cluster.id),
      testId: String(t.id),
      kind: t.kind,
      status: t.status,
      startedAt: parsedTime(t.started_at),
      finishedAt: parsedTime(t.finished_at),
      nodeCount: t.result?.nodes ?? cluster.node_count,
      gpus: t.result?.gpus ?? null,
      peakBusbwGbS: peakBusbw(t),
      result: t.result ?? null,
    });
    written.set(id, state);
  } catch (e) {
    log.warn({ err: errorSummary(e), clusterId: cluster.id }, "test history: run not recorded");
  }
}

/** The runs of every cluster of a list (the list's test results), each kept as recordClusterTestResult keeps one. */
export async function recordClusterTestResults(keyId: string, clusters: readonly Cluster[]): Promise<void> {
  await Promise.all(clusters.map((c) => recordClusterTestResult(keyId, c)));
}

/** Every kept run of one cluster for one key, newest first, as the browser shows them. */
export async function listTestHistory(keyId: string, clusterId: string): Promise<TestRunView[]> {
  const rows = await listTestRunRows(await getDb(), keyId, clusterId);
  return rows.map((r) => ({
    id: r.testId,
    kind: r.kind,
    status: r.status,
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    recordedAt: r.recordedAt.toISOString(),
    nodeCount: r.nodeCount,
    gpus: r.gpus,
    peakBusbwGbS: r.peakBusbwGbS,
    result: r.result,
  }));
}
