import "server-only";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { interceptRequests } from "@/lib/server/http-intercept";
import { log } from "@/lib/server/log";
import { requestServed } from "@/lib/server/metrics/record";

/**
 * Every HTTP request the server process answers, seen from the socket (installed from instrumentation.ts, before
 * Next's listener runs):
 * - a request id: the caller's `X-Request-Id` when it looks like one (a load balancer's, to correlate), else a new
 *   UUID; handed to the app as the `x-request-id` request header and returned as `X-Request-Id`;
 * - one pino line per request that failed (status ≥ 400; 5xx at error level) or was slow (SLOW_REQUEST_MS, 1 s):
 *   request id, method, route template, status, duration, kind. Never the query, a header, a cookie or a body;
 *   path segments that look like ids or tokens are replaced by `{id}` (a share link's token is in its path);
 * - the latency histogram of /api/metrics, by kind and route template;
 * - the count of requests in flight, which the shutdown waits for (lib/server/shutdown.ts).
 */

export const REQUEST_ID_HEADER = "x-request-id";
const INCOMING_ID = /^[A-Za-z0-9._:-]{8,100}$/;
const requestLog = log.child({ area: "http" });

export function slowRequestMs(): number {
  const v = Number(process.env.SLOW_REQUEST_MS);
  return Number.isFinite(v) && v > 0 ? v : 1_000;
}

type State = { installed: boolean; inFlight: number; servers: Set<Server>; idle: Array<() => void> };
const holder = globalThis as unknown as { __clusterdeckRequests?: State };
const state = (): State =>
  (holder.__clusterdeckRequests ??= { installed: false, inFlight: 0, servers: new Set(), idle: [] });

export function inFlightRequests(): number {
  return state().inFlight;
}

/** The HTTP servers of this process that have answered a request (Next's), for the shutdown to close. */
export function seenServers(): Server[] {
  return [...state().servers];
}

/** Resolves when no request is in flight (at once if none is). */
export function whenIdle(): Promise<void> {
  const s = state();
  if (s.inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => s.idle.push(resolve));
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

function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && INCOMING_ID.test(given) ? given : randomUUID();
}

/** Called for each request as it arrives (`logger`: tests capture the lines). */
export function trackRequest(
  server: Server,
  req: IncomingMessage,
  res: ServerResponse,
  logger: Logger = requestLog,
): void {
  const s = state();
  s.servers.add(server);
  const id = requestIdOf(req);
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader("X-Request-Id", id);
  const started = performance.now();
  s.inFlight++;
  res.once("close", () => {
    s.inFlight--;
    if (s.inFlight === 0) for (const resolve of s.idle.splice(0)) resolve();
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

/** Installs trackRequest on every HTTP server of this process, once (after the peer stamp, which it chains). */
export function installRequestTracking(): void {
  const s = state();
  if (s.installed) return;
  s.installed = true;
  interceptRequests((server, req, res) => {
    trackRequest(server, req, res);
  });
}
