import { keepClusterHistory } from "@/lib/clusters/server/cluster-timeline";
import { runcrateRoute } from "@/lib/handlers/route-handler";
import { readCluster } from "@/lib/runcrate/server/reads";

// GET /api/clusters/{id} → one cluster (polled by the cluster page) with its whole kept timeline of events; its NCCL
// run and events are kept.
// Malformed or foreign ids answer 404.
export const GET = runcrateRoute<{ id: string }>(async ({ key, client, params }) =>
  keepClusterHistory(key.id, await readCluster({ key, client }, params.id)),
);
