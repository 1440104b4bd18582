import { runcrateRoute } from "@/lib/server/route-handler";

// GET /storage
export const GET = runcrateRoute(async ({ client }) => client.listStorage());
