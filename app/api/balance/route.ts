import { runcrateRoute } from "@/lib/server/route-handler";

// GET /billing/balance
export const GET = runcrateRoute(async ({ client }) => client.getBalance());
