import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Duplex } from "node:stream";
import compression from "next/dist/compiled/compression";
import { securityHeaders } from "@/lib/security-headers.mjs";
import { errorSummary } from "@/lib/server/db/errors";
import { interceptRequests } from "@/lib/server/http-intercept";
import { log } from "@/lib/server/log";
import { fastReadServed } from "@/lib/server/metrics/record";

/**
 * The polled reads, answered before Next's router (issue 19.6; docs/performance.md, "Polled reads skip Next's
 * request pipeline").
 *
 * Every open cluster page asks for its cluster every two seconds. Through Next, such a request cost about 2.3 ms of
 * server CPU, of which the route handler's own work (session, memoised key, coalesced read, JSON text) was 0.14 ms:
 * the rest was Next's request pipeline around a route handler (routing a dynamic segment, its request stores and
 * their promise hooks, header rules, the response adapter), which no handler code can shorten.
 *
 * So the server process answers these GETs itself, with **the route file's own handler** — the same function Next
 * calls, from the same module instance (the route file registers it here when Next first loads it; until then every
 * request goes through Next) — and the same response headers Next would add (`securityHeaders()`, the rules
 * next.config.mjs gives Next). What is left out is only Next's routing and bookkeeping:
 * - only `GET` of exactly the templates below, the dynamic segment a plain id (no `%`, no `.`), no trailing slash,
 *   no `Next-Action` header and no multipart body; anything else — HEAD, a malformed escape, `/api/clusters/ledger`
 *   (a static sibling of `[id]`, which Next prefers) — goes to Next as before;
 * - the request tracking (request id, metrics, log line, shutdown's in-flight count) and the peer stamp run first,
 *   as for every request: they wrap the server's `emit` outside this one (instrumentation.ts installs this first).
 *
 * `CLUSTERDECK_FAST_READS=0` turns it off (every request through Next), for an operator in doubt.
 */

/**
 * The Vary header Next gives every App Router answer, route handlers' too (its base-server's `setVaryHeader`). The
 * answers here are no-store, so no cache keeps them; it is sent so the two paths cannot be told apart.
 */
const APP_ROUTER_VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";
const compress = compression();

export type RouteHandler = (
  req: Request,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;

/** A cluster id as the route accepts it (lib/clusters/cluster-id.ts); anything else is Next's to answer. */
const ID = "([A-Za-z0-9][A-Za-z0-9_-]{0,127})";

/**
 * The fast templates, each with its pattern. A dynamic segment yields to the static routes beside it (Next matches
 * those first): tests/server/fast-reads.test.ts checks no other route file's path is claimed here.
 */
const TEMPLATES = {
  "/api/clusters": { pattern: /^\/api\/clusters$/, params: [] },
  "/api/clusters/[id]": { pattern: new RegExp(`^/api/clusters/(?!ledger$)${ID}$`), params: ["id"] },
  "/api/clusters/[id]/tests": { pattern: new RegExp(`^/api/clusters/${ID}/tests$`), params: ["id"] },
} as const satisfies Record<string, { pattern: RegExp; params: readonly string[] }>;

export type FastTemplate = keyof typeof TEMPLATES;
export const FAST_TEMPLATES = Object.keys(TEMPLATES) as FastTemplate[];

type State = { installed: boolean; handlers: Map<FastTemplate, RouteHandler> };
// On globalThis: instrumentation.ts and the route files are separate module copies in Next's build.
const holder = globalThis as unknown as { __clusterdeckFastReads?: State };
const state = (): State => (holder.__clusterdeckFastReads ??= { installed: false, handlers: new Map() });

/** A template's params, as its route file's handler receives them. */
export type FastParams<T extends FastTemplate> = { [K in (typeof TEMPLATES)[T]["params"][number]]: string };

/**
 * Called by a route file with its GET handler: from then on its requests may be answered here. Returns the undo
 * (for tests).
 */
export function registerFastRead<T extends FastTemplate>(
  template: T,
  handler: (req: Request, ctx: { params: Promise<FastParams<T>> }) => Promise<Response>,
): () => void {
  // matchFastRead fills in exactly the template's params.
  const h = handler as RouteHandler;
  state().handlers.set(template, h);
  return () => {
    if (state().handlers.get(template) === h) state().handlers.delete(template);
  };
}

/** The handler registered for a template, if its route file has been loaded. */
export function fastReadHandler(template: FastTemplate): RouteHandler | undefined {
  return state().handlers.get(template);
}

/** The route and params a request is for, or null when it is Next's to answer. */
export function matchFastRead(
  method: string | undefined,
  url: string | undefined,
  headers: IncomingMessage["headers"],
): { template: FastTemplate; params: Record<string, string>; pathname: string } | null {
  if (method !== "GET" || !url || !url.startsWith("/api/clusters")) return null;
  if (headers["next-action"] !== undefined) return null;
  const type = headers["content-type"];
  if (typeof type === "string" && type.toLowerCase().startsWith("multipart/form-data")) return null;
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  for (const template of FAST_TEMPLATES) {
    const { pattern, params: names } = TEMPLATES[template];
    const m = pattern.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => (params[name] = m[i + 1]!));
    return { template, params, pathname };
  }
  return null;
}

type HeaderRule = ReturnType<typeof securityHeaders>[number];
/** A header rule of next.config.mjs, ready to apply: its conditions' patterns compiled once. */
export type HeaderPlan = Array<{
  when: Array<{ key: string; value: RegExp | null }>;
  headers: Array<[string, string]>;
}>;

/**
 * next.config.mjs's header rules, compiled. Only the shapes securityHeaders() uses are understood — every path,
 * `has` on a request header, whose value is Next's anchored regex — and anything else throws (installFastReads then
 * leaves every request to Next).
 */
export function headerPlan(rules: readonly HeaderRule[]): HeaderPlan {
  return rules.map((rule) => {
    if (rule.source !== "/:path*")
      throw new Error(`fast reads: unsupported header rule source ${rule.source}`);
    const has = ("has" in rule ? rule.has : undefined) ?? [];
    return {
      when: has.map((h) => {
        if (h.type !== "header") throw new Error(`fast reads: unsupported header rule condition ${h.type}`);
        return { key: h.key.toLowerCase(), value: h.value === undefined ? null : new RegExp(`^${h.value}$`) };
      }),
      headers: rule.headers.map(({ key, value }): [string, string] => [key, value]),
    };
  });
}

/** The headers Next would add to this request's answer. */
export function configHeaders(
  plan: HeaderPlan,
  headers: IncomingMessage["headers"],
): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const rule of plan) {
    const applies = rule.when.every(({ key, value }) => {
      const v = headers[key];
      const last = Array.isArray(v) ? v[v.length - 1] : v;
      return last !== undefined && (value === null || value.test(last));
    });
    if (applies) out.push(...rule.headers);
  }
  return out;
}

/**
 * Request headers Next removes from every incoming request before routing (its server-ipc `INTERNAL_HEADERS`): they
 * are its own middleware's signals and must not be honoured from a client.
 */
export const NEXT_INTERNAL_HEADERS: ReadonlySet<string> = new Set([
  "x-middleware-rewrite",
  "x-middleware-redirect",
  "x-middleware-set-cookie",
  "x-middleware-skip",
  "x-middleware-override-headers",
  "x-middleware-next",
  "x-now-route-matches",
  "x-matched-path",
  "x-nextjs-data",
  "x-next-resume-state-length",
  "next-resume",
]);

/**
 * The web Request the handler gets, built as Next builds it: from `req.headers` — so with what the hooks before
 * this one wrote (the peer stamp, the checked request id), duplicate Cookie lines joined with "; " by Node — less
 * Next's internal headers. The origin is fixed: the client's Host header has no say in the URL.
 */
export function requestOf(req: IncomingMessage): Request | null {
  const headers = new Headers();
  try {
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined || NEXT_INTERNAL_HEADERS.has(key)) continue;
      if (Array.isArray(value)) for (const v of value) headers.append(key, v);
      else headers.set(key, value);
    }
    return new Request(`http://localhost${req.url ?? "/"}`, { headers });
  } catch {
    // A header value Fetch refuses: Next has its own answer for it.
    return null;
  }
}

/** Response headers Next's sendResponse drops, and those it lets a handler add beside one already set. */
const DROPPED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "x-middleware-set-cookie",
]);
const MULTIPLE = new Set(["www-authenticate", "proxy-authenticate", "vary"]);

/** The handler's headers onto the answer the way Next's sendResponse puts them: the config's headers stay. */
function copyHeaders(response: Response, res: ServerResponse): void {
  for (const cookie of response.headers.getSetCookie()) res.appendHeader("set-cookie", cookie);
  response.headers.forEach((value, name) => {
    if (DROPPED.has(name) || name === "set-cookie") return;
    if (MULTIPLE.has(name) || res.getHeader(name) === undefined) res.appendHeader(name, value);
  });
}

async function serve(
  template: FastTemplate,
  handler: RouteHandler,
  request: Request,
  params: Record<string, string>,
  plan: HeaderPlan,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  try {
    const response = await handler(request, { params: Promise.resolve(params) });
    const body = Buffer.from(await response.arrayBuffer());
    // The client went away while the handler ran: nothing to send.
    if (res.destroyed) return;
    for (const [key, value] of configHeaders(plan, req.headers)) res.setHeader(key, value);
    res.setHeader("Vary", APP_ROUTER_VARY);
    copyHeaders(response, res);
    res.setHeader("Content-Length", body.length);
    // Next's compression, as `next start` applies it to every answer (gzip when asked; Vary). Next streams a
    // handler's answer, so compresses one of any size; a whole body under 1 kB is left as it is here.
    compress(req, res, () => {});
    // As Next does: a client gone mid-answer would leave the middleware's zlib stream paused for good.
    res.once("close", () => {
      if (!res.writableFinished) releaseCompressionStream(res);
    });
    res.writeHead(response.status);
    res.end(body);
    fastReadServed(template);
  } catch (err) {
    // The handlers answer their own failures (lib/server/route-handler.ts); this is only a last line.
    log.error(
      { area: "fast-reads", requestId: req.headers["x-request-id"], err: errorSummary(err) },
      "fast read failed",
    );
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    const body = JSON.stringify({
      error: {
        code: "internal",
        message:
          "Clusterdeck couldn't complete this request. Try again; if it keeps happening, check the server logs.",
      },
    });
    res.removeHeader("Content-Length");
    res.removeHeader("Content-Encoding");
    res.writeHead(500, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(body);
  }
}

/**
 * Next's `releaseCompressionStream`: the compression middleware answers `res.on("drain")` with its zlib stream once
 * it has one; destroying that stream frees it.
 */
function releaseCompressionStream(res: ServerResponse): void {
  const noop = () => {};
  const stream: unknown = res.on("drain", noop);
  if (stream === res || !(stream instanceof Duplex)) {
    res.off("drain", noop);
    return;
  }
  stream.destroy();
}

/** Answers the request here when it is a registered fast read; false leaves it to Next. */
export function tryFastRead(req: IncomingMessage, res: ServerResponse, plan: HeaderPlan): boolean {
  const match = matchFastRead(req.method, req.url, req.headers);
  if (!match) return false;
  const handler = fastReadHandler(match.template);
  if (!handler) return false;
  const request = requestOf(req);
  if (!request) return false;
  void serve(match.template, handler, request, match.params, plan, req, res);
  return true;
}

export function fastReadsEnabled(value = process.env.CLUSTERDECK_FAST_READS): boolean {
  return value?.trim() !== "0";
}

/**
 * Puts tryFastRead in front of Next's request listener on every HTTP server of this process, once. Install it
 * before the peer stamp and the request tracking, so that theirs run first.
 */
export function installFastReads(): void {
  const s = state();
  if (s.installed || !fastReadsEnabled()) return;
  let plan: HeaderPlan;
  try {
    plan = headerPlan(securityHeaders({ dev: process.env.NODE_ENV === "development" }));
  } catch (err) {
    log.warn({ area: "fast-reads" }, `${(err as Error).message}: every request goes through Next`);
    return;
  }
  s.installed = true;
  interceptRequests((_server, req, res) => tryFastRead(req, res, plan));
}
