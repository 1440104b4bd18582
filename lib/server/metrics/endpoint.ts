import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { log } from "@/lib/server/log";
import { activeSessionCount, refreshQueueDepths } from "./record";
import { metrics } from "./registry";

/**
 * GET /api/metrics: off (404, as if absent) unless METRICS_TOKEN is set; then only for
 * `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time (both sides hashed to the same length first).
 */
export function metricsToken(): string | null {
  const t = process.env.METRICS_TOKEN?.trim();
  return t ? t : null;
}

export function bearerMatches(header: string | null, token: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header?.trim() ?? "");
  const given = createHash("sha256")
    .update(m?.[1]?.trim() ?? "")
    .digest();
  const want = createHash("sha256").update(token).digest();
  return timingSafeEqual(given, want) && !!m;
}

/** Gauges read at scrape time: the sessions window and the depth of every queue of this process's job engines. */
async function refreshGauges(): Promise<void> {
  metrics().activeSessions.set(activeSessionCount());
  await refreshQueueDepths((err) =>
    log.warn(
      { area: "metrics", reason: err instanceof Error ? err.name : "unknown" },
      "queue depth not read",
    ),
  );
}

export async function metricsResponse(request: Request): Promise<Response> {
  const token = metricsToken();
  const noStore = { "Cache-Control": "no-store" };
  if (!token)
    return Response.json(
      { error: { code: "not_found", message: "Metrics are off: set METRICS_TOKEN to turn them on." } },
      { status: 404, headers: noStore },
    );
  if (!bearerMatches(request.headers.get("authorization"), token))
    return Response.json(
      { error: { code: "unauthenticated", message: "Send Authorization: Bearer <METRICS_TOKEN>." } },
      { status: 401, headers: { ...noStore, "WWW-Authenticate": 'Bearer realm="metrics"' } },
    );
  await refreshGauges();
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    status: 200,
    headers: { ...noStore, "Content-Type": registry.contentType },
  });
}
