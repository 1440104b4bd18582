import { runcrateRoute } from "@/lib/handlers/route-handler";

// GET /storage
export const GET = runcrateRoute(async ({ client }) => client.listStorage());
