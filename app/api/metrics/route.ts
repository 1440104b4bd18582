import { metricsResponse } from "@/lib/server/metrics/endpoint";

export const dynamic = "force-dynamic";

// GET /api/metrics — Prometheus text format; off unless METRICS_TOKEN is set, then Bearer-token only.
export function GET(request: Request) {
  return metricsResponse(request);
}
