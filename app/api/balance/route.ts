import { runcrateRoute } from "@/lib/api/route-handler";

// GET /billing/balance
export const GET = runcrateRoute(async ({ client }) => client.getBalance());
