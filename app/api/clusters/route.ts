import { runcrateRoute } from "@/lib/server/route-handler";
import { registerFastRead } from "@/lib/server/fast-reads";
import { readClusters } from "@/lib/server/runcrate/reads";

// GET /api/clusters → the active key's clusters (polled by the cluster list).
export const GET = runcrateRoute(({ key, client }) => readClusters({ key, client }));

// Polled: also answered before Next's router, by this same handler (lib/server/fast-reads.ts).
registerFastRead("/api/clusters", GET);
