import { runcrateRoute } from "@/lib/server/route-handler";
import { readCluster } from "@/lib/server/runcrate/reads";

// GET /api/clusters/{id} → one cluster (polled by the cluster page). Malformed or foreign ids answer 404.
export const GET = runcrateRoute<{ id: string }>(({ key, client, params }) =>
  readCluster({ key, client }, params.id),
);
