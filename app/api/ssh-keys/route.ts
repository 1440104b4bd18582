import { runcrateRoute } from "@/lib/handlers/route-handler";

// GET /ssh-keys
export const GET = runcrateRoute(async ({ client }) => client.listSshKeys());
