import { withKeptEvents } from "@/lib/server/cluster-timeline";
import { runcrateRoute } from "@/lib/server/route-handler";
import { readCluster } from "@/lib/server/runcrate/reads";

// GET /api/clusters/{id} → one cluster (polled by the cluster page) with its whole kept timeline of events.
// Malformed or foreign ids answer 404.
export const GET = runcrateRoute<{ id: string }>(async ({ key, client, params }) =>
  withKeptEvents(key.id, await readCluster({ key, client }, params.id)),
);
