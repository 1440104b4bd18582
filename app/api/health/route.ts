import { checkHealth, wantsDeepHealth } from "@/lib/server/health";

export const dynamic = "force-dynamic";

// GET /api/health — no session, no secrets. 200 while the database answers; 503 when it doesn't.
// Liveness only by default; `?deep=1` adds whether the Runcrate API answers (one probe per 5 s per instance).
export async function GET(request: Request) {
  const health = await checkHealth({ deep: wantsDeepHealth(new URL(request.url)) });
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
