import { runcrateRoute } from "@/lib/handlers/route-handler";
import { listLedgerView } from "@/lib/limits/server/guard-view";

// GET /api/clusters/ledger → the console's own record of the user's finished clusters (cost history, why they ended).
export const GET = runcrateRoute(({ user, key }) => listLedgerView({ userId: user.id, keyId: key.id }));
