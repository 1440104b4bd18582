import { runcrateRoute } from "@/lib/server/route-handler";
import { readClusters } from "@/lib/server/runcrate/reads";

// GET /api/clusters → the active key's clusters (polled by the cluster list).
export const GET = runcrateRoute(({ key, client }) => readClusters({ key, client }));
