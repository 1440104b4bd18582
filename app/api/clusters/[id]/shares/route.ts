import { runcrateRoute } from "@/lib/handlers/route-handler";
import { readCluster } from "@/lib/runcrate/server/reads";
import { listShares } from "@/lib/share/server/share";

// GET /api/clusters/{id}/shares → the signed-in owner's share links for this cluster, with who opened them.
export const GET = runcrateRoute<{ id: string }>(async ({ user, key, client, params }) => {
  const cluster = await readCluster({ key, client }, params.id);
  return listShares(user.id, String(cluster.id));
});
