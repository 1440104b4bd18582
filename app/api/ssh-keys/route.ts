import { runcrateRoute } from "@/lib/api/route-handler";

// GET /ssh-keys
export const GET = runcrateRoute(async ({ client }) => client.listSshKeys());
