import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { log } from "@/lib/server/log";
import { observeRequests, REQUEST_ID_HEADER } from "@/lib/server/node-server.mjs";
import { requestServed } from "@/lib/server/metrics/record";

/**
 * What the app records of every HTTP request the server answers. The server entry (server.mjs,
 * lib/server/node-server.mjs) gives each request its id (`X-Request-Id`, also the `x-request-id` request header) and
 * counts it in flight; `trackRequest`, its request observer, then adds:
 * - one pino line per request that failed (status ≥ 400; 5xx at error level) or was slow (SLOW_REQUEST_MS, 1 s):
 *   request id, method, route template, status, duration, kind. Never the query, a header, a cookie or a body;
 *   path segments that look like ids or tokens are replaced by `{id}` (a share link's token is in its path);
 * - the latency histogram of /api/metrics, by kind and route template.
 */

export { REQUEST_ID_HEADER };
const requestLog = log.child({ area: "http" });

export function slowRequestMs(): number {
  const v = Number(process.env.SLOW_REQUEST_MS);
  return Number.isFinite(v) && v > 0 ? v : 1_000;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/clusters/3c90…/raw` → `/clusters/{id}/raw`: ids, tokens and hashes out, so the label set stays bounded. */
export function routeTemplate(pathname: string): string {
  if (pathname.startsWith("/_next/static/")) return "/_next/static";
  if (pathname.startsWith("/_next/image")) return "/_next/image";
  const parts = pathname.split("/").slice(1, 7);
  const t = parts.map((p) =>
    UUID.test(p) || p.length >= 24 || (p.length >= 12 && /\d/.test(p)) ? "{id}" : p,
  );
  return `/${t.join("/")}`.slice(0, 120);
}

export function requestKind(pathname: string, headers: IncomingMessage["headers"]): string {
  if (headers["next-action"]) return "action";
  if (pathname.startsWith("/_next/")) return "asset";
  if (pathname === "/api" || pathname.startsWith("/api/")) return "api";
  return "page";
}

/**
 * Called by the server entry for each request as it arrives, after it has stamped the request's id (`logger`: tests
 * capture the lines).
 */
export function trackRequest(req: IncomingMessage, res: ServerResponse, logger: Logger = requestLog): void {
  const id = String(req.headers[REQUEST_ID_HEADER]);
  const started = performance.now();
  res.once("close", () => {
    const ms = performance.now() - started;
    let pathname = "/";
    try {
      pathname = new URL(req.url ?? "/", "http://x").pathname;
    } catch {
      // an unparsable target: logged under "/"
    }
    const status = res.writableFinished ? res.statusCode : 499;
    // An unknown path is one series, however many are probed.
    const route = status === 404 ? "(unmatched)" : routeTemplate(pathname);
    const kind = requestKind(pathname, req.headers);
    requestServed({ kind, route, method: req.method ?? "GET", status }, ms / 1000);
    const slow = ms >= slowRequestMs();
    if (status < 400 && !slow) return;
    const line = { requestId: id, method: req.method, route, status, durationMs: Math.round(ms), kind, slow };
    const msg = `${req.method} ${route} ${status} in ${Math.round(ms)} ms`;
    if (status >= 500) logger.error(line, msg);
    else if (slow) logger.warn(line, msg);
    else logger.info(line, msg);
  });
}

/** Makes trackRequest the server entry's request observer (instrumentation.ts; a second call changes nothing). */
export function installRequestTracking(): void {
  observeRequests(trackRequest);
}
