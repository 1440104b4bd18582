import { checkHealth } from "@/lib/server/health";

export const dynamic = "force-dynamic";

// GET /api/health — no session, no secrets. 200 while the database answers; 503 when it doesn't.
export async function GET() {
  const health = await checkHealth();
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
