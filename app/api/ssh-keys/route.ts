import { runcrateRoute } from "@/lib/server/route-handler";

// GET /ssh-keys
export const GET = runcrateRoute(async ({ client }) => client.listSshKeys());
