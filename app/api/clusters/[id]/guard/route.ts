import { runcrateRoute } from "@/lib/server/route-handler";
import { guardViewOf } from "@/lib/server/guardian/view";

// GET /api/clusters/{id}/guard → the cluster's limits, the guardian's state and its spend record (the cluster page).
export const GET = runcrateRoute<{ id: string }>(({ user, params }) => guardViewOf(user.id, params.id));
