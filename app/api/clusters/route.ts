import { runcrateRoute } from "@/lib/handlers/route-handler";
import { readClusterList } from "@/lib/clusters/server/cluster-list";

// GET /api/clusters → the active key's clusters (polled by the cluster list), their NCCL runs kept, and who launched each.
export const GET = runcrateRoute(readClusterList);
