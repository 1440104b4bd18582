import { runcrateRoute } from "@/lib/api/route-handler";

// GET /storage
export const GET = runcrateRoute(async ({ client }) => client.listStorage());
