import { runcrateRoute } from "@/lib/handlers/route-handler";
import { readCluster } from "@/lib/runcrate/server/reads";
import { listTestHistory, recordClusterTestResult } from "@/lib/clusters/server/test-history-recorder";
import type { TestHistoryResponse } from "@/lib/clusters/test-history";

// GET /api/clusters/{id}/tests → every NCCL run kept for this cluster (the read checks the cluster is the key's).
export const GET = runcrateRoute<{ id: string }>(
  async ({ key, client, params }): Promise<TestHistoryResponse> => {
    const cluster = await readCluster({ key, client }, params.id);
    // The run the cluster shows now is part of its history, kept before the history is listed.
    await recordClusterTestResult(key.id, cluster);
    return { nodeCount: cluster.node_count, runs: await listTestHistory(key.id, String(cluster.id)) };
  },
);
