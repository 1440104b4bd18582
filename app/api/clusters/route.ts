import { runcrateRoute } from "@/lib/api/route-handler";
import { readClusters } from "@/lib/clusters/reads";

// GET /api/clusters → the active key's clusters (polled by the cluster list).
export const GET = runcrateRoute(({ key, client }) => readClusters({ key, client }));
