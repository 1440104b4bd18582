import { runcrateRoute } from "@/lib/handlers/route-handler";
import { readClusters } from "@/lib/runcrate/server/reads";
import { recordClusterTestResults } from "@/lib/clusters/server/test-history-recorder";

// GET /api/clusters → the active key's clusters (polled by the cluster list), their NCCL runs kept.
export const GET = runcrateRoute(async ({ key, client }) => {
  const clusters = await readClusters({ key, client });
  await recordClusterTestResults(key.id, clusters.items);
  return clusters;
});
