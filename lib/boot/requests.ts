import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { log } from "@/lib/server/log";
import { CLIENT_REQUEST_ID_HEADER, observeRequests, REQUEST_ID_HEADER } from "@/lib/server/node-server.mjs";
import { requestServed } from "@/lib/server/metrics/record";
import { methodLabel, routeLabel } from "@/lib/server/metrics/routes";
import { SESSION_COOKIE } from "@/lib/accounts/server/session-token";

/**
 * What the app records of every HTTP request the server answers. The server entry (server.mjs,
 * lib/server/node-server.mjs) gives each request its id (`X-Request-Id`, also the `x-request-id` request header) and
 * counts it in flight; `trackRequest`, its request observer, then adds:
 * - one pino line per request that failed (status ≥ 400; 5xx at error level) or was slow (SLOW_REQUEST_MS, 1 s):
 *   request id, method, route, status, duration, kind. Never the path itself, the query, a header, a cookie or a
 *   body: the route is the app's own (`/clusters/[id]`, lib/server/metrics/routes.ts), so ids and a share link's
 *   token stay out. A 4xx answer to a request without a session is not logged: anyone can send those by the
 *   thousand, and the metrics count them;
 * - the latency histogram of /api/metrics, by kind, route and method, each from a bounded set.
 */

export { REQUEST_ID_HEADER };
const requestLog = log.child({ area: "http" });

export function slowRequestMs(): number {
  const v = Number(process.env.SLOW_REQUEST_MS);
  return Number.isFinite(v) && v > 0 ? v : 1_000;
}

/** Whether the request carried a session cookie (valid or not): a signed-in person's failed request is worth a line. */
function hasSessionCookie(headers: IncomingMessage["headers"]): boolean {
  return (headers.cookie ?? "").includes(SESSION_COOKIE);
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
    const route = routeLabel(pathname);
    const method = methodLabel(req.method);
    const kind = requestKind(pathname, req.headers);
    requestServed({ kind, route, method, status }, ms / 1000);
    const slow = ms >= slowRequestMs();
    if (status < 400 && !slow) return;
    if (status < 500 && !slow && !hasSessionCookie(req.headers)) return;
    const clientId = req.headers[CLIENT_REQUEST_ID_HEADER];
    const line = {
      requestId: id,
      ...(typeof clientId === "string" ? { clientRequestId: clientId } : {}),
      method,
      route,
      status,
      durationMs: Math.round(ms),
      kind,
      slow,
    };
    const msg = `${method} ${route} ${status} in ${Math.round(ms)} ms`;
    if (status >= 500) logger.error(line, msg);
    else if (slow) logger.warn(line, msg);
    else logger.info(line, msg);
  });
}

/** Makes trackRequest the server entry's request observer (instrumentation.ts; a second call changes nothing). */
export function installRequestTracking(): void {
  observeRequests(trackRequest);
}
