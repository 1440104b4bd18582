import { checkHealth, wantsDeepHealth, wantsReadiness } from "@/lib/server/health";

export const dynamic = "force-dynamic";

// GET /api/health — no session, no secrets. 200 while the database answers; 503 when it doesn't.
// Liveness only by default; `?deep=1` adds whether the Runcrate API answers (one probe per 5 s per instance);
// `?ready=1` is readiness: 503 from SIGTERM on, while the server drains (lib/server/shutdown.ts).
export async function GET(request: Request) {
  const url = new URL(request.url);
  const health = await checkHealth({ deep: wantsDeepHealth(url), ready: wantsReadiness(url) });
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
