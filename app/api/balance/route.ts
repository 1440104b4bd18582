import { runcrateRoute } from "@/lib/handlers/route-handler";

// GET /billing/balance
export const GET = runcrateRoute(async ({ client }) => client.getBalance());
