import { runcrateRoute } from "@/lib/handlers/route-handler";
import { readClusterRaw } from "@/lib/runcrate/server/reads";

// GET /api/clusters/{id}/raw → the cluster object exactly as Runcrate sent it, redacted (the Inspect view).
export const GET = runcrateRoute<{ id: string }>(({ client, params }) =>
  readClusterRaw({ client }, params.id),
);
