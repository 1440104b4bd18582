import { getSessionUser } from "@/lib/accounts/server/session";
import { jsonError, unauthenticated } from "@/lib/handlers/route-handler";
import { readShared } from "@/lib/share/server/share";

// GET /api/shared/{token} → the read-only view of a shared cluster (polled by /shared/{token}); any signed-in user.
export async function GET(_req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> {
  const user = await getSessionUser();
  if (!user) return unauthenticated();
  const { token } = await ctx.params;
  const r = await readShared(token);
  if (r.state !== "ok") return jsonError(r.reason === "unavailable" ? 503 : 404, r.reason, r.message);
  return Response.json({ data: r }, { headers: { "cache-control": "no-store" } });
}
