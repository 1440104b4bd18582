/**
 * The simulator's HTTP server (node:http). `startSimulator` is what tests use in-process (port 0, manual clock);
 * sim/main.ts wraps it for `npm run sim`. Order of checks on /api/v1: stats, latency, outage (503), route (404/405),
 * key (401), rate limit (429), 429 burst, per-route error rate (500), environment, body (400), handler. The key's
 * response variants then rewrite the answer (variant-wire.ts) or the error (variant-errors.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createClock, iso, type SimClock } from "./clock";
import { DEFAULT_CONFIG, type SimConfig } from "./config";
import { checkControlRequest } from "./control-guard";
import { SimError, notFound, rateLimited } from "./errors";
import { sendHtmlPage } from "./html-root";
import { readJsonBody, sendError, sendJson, sleep } from "./http-io";
import { createBodyIn, pathIdIn } from "./numeric-ids";
import { matchRoute, type ApiContext, type Match, type Reply, type Route } from "./router";
import { accountRoutes } from "./routes/account";
import { clusterRoutes } from "./routes/clusters";
import { controlRoutes, type ControlContext } from "./routes/control";
import { transactionRoutes } from "./routes/transactions";
import { advanceAll, createState, faultsFor, type SimState } from "./state";
import { shapeError } from "./variant-errors";
import { replyWire } from "./variant-wire";

export const API_PREFIX = "/api/v1";
export const CONTROL_PREFIX = "/__sim";

const apiRoutes: Route<ApiContext>[] = [...clusterRoutes, ...accountRoutes, ...transactionRoutes];

export interface SimulatorOptions extends Partial<SimConfig> {
  /** Manual clock (tests): time moves only with clock/advance. */
  manualClock?: boolean;
  /** Start instant of the clock (ms since epoch). */
  startTime?: number;
  clock?: SimClock;
}

export interface RunningSimulator {
  /** e.g. http://127.0.0.1:54321 */
  url: string;
  /** url + /api/v1 */
  apiUrl: string;
  port: number;
  state: SimState;
  clock: SimClock;
  close(): Promise<void>;
}

const hasBody = (method: string) => method === "POST" || method === "PATCH" || method === "PUT";

function bearer(req: IncomingMessage): string | null {
  const m = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? "");
  return m?.[1] ?? null;
}

const keySuffix = (req: IncomingMessage): string | null => bearer(req)?.slice(-4) ?? null;

/** "GET /clusters/{id}" for stats and per-route error rates; "<unknown>" when no route matched. */
function routeName(method: string, match: Match<ApiContext>): string {
  const template =
    match.kind === "found" ? match.route.template : match.kind === "method" ? match.template : null;
  return template ? `${method} ${template}` : "<unknown>";
}

async function handleApi(
  state: SimState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
  match: Match<ApiContext>,
): Promise<number> {
  const method = req.method ?? "GET";
  const faults = faultsFor(state, bearer(req));
  if (faults.latencyMs > 0) await sleep(faults.latencyMs);
  if (faults.outage)
    throw new SimError(
      503,
      "service_unavailable",
      "Runcrate is temporarily unavailable (simulated outage). Try again shortly.",
    );
  if (match.kind === "none")
    throw notFound(`No route for ${method} ${API_PREFIX}${path}.`, { method, path: `${API_PREFIX}${path}` });
  if (match.kind === "method") {
    throw new SimError(
      405,
      "method_not_allowed",
      `${method} is not allowed on ${API_PREFIX}${path}; use ${match.allowed.join(", ")}.`,
      { allowed: match.allowed },
      { Allow: match.allowed.join(", ") },
    );
  }
  const key = state.workspaces.authenticate(req.headers.authorization);
  const variants = state.variants.effective(key);
  const now = state.clock.now();
  const wait = state.limiter.take(key, now);
  if (wait > 0)
    throw rateLimited(
      wait,
      `Rate limit of ${state.limiter.limit} requests per minute exceeded; retry in ${wait} s.`,
    );
  const burst = faults.rateLimitBurst;
  if (burst && burst.remaining > 0) {
    burst.remaining -= 1;
    if (burst.remaining === 0) faults.rateLimitBurst = null;
    throw rateLimited(burst.retryAfterSeconds, `Too many requests; retry in ${burst.retryAfterSeconds} s.`);
  }
  const rate = faults.errorRate[routeName(method, match)] ?? faults.errorRate["*"] ?? 0;
  if (rate > 0 && Math.random() < rate)
    throw new SimError(500, "internal_error", "Internal server error (simulated).");
  let body = hasBody(method) ? await readJsonBody(req) : undefined;
  const route = routeName(method, match);
  let params = match.params;
  try {
    if (variants.has("numeric-ids")) {
      if (params.id !== undefined) params = { ...params, id: pathIdIn(state.numericIds, key, params.id) };
      if (route === "POST /clusters") body = createBodyIn(state.numericIds, key, body);
    }
    const reply: Reply = await match.route.handler({ state, req, url, params, key, body, variants });
    if (reply.drop) {
      req.socket.destroy();
      return 0;
    }
    const out = replyWire(reply, {
      route,
      url,
      key,
      variants,
      ids: state.numericIds,
      soldOut: faults.soldOutOffers,
    });
    sendJson(res, out.status, out.body, out.headers);
    return out.status;
  } catch (err) {
    const shaped = err instanceof SimError ? shapeError(err, variants) : null;
    if (!shaped) throw err;
    sendJson(res, shaped.status, shaped.body, shaped.headers);
    return shaped.status;
  }
}

/** Variant `html-root` for the request's key (or the default without one). */
function htmlRoot(state: SimState, req: IncomingMessage): boolean {
  return state.variants.effective(bearer(req)).has("html-root");
}

async function handleControl(
  state: SimState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
): Promise<void> {
  checkControlRequest(req, state.config);
  const method = req.method ?? "GET";
  const match = matchRoute(controlRoutes, method, path);
  if (match.kind === "none") throw notFound(`No simulator control route ${method} ${CONTROL_PREFIX}${path}.`);
  if (match.kind === "method") {
    throw new SimError(
      405,
      "method_not_allowed",
      `${method} is not allowed on ${CONTROL_PREFIX}${path}; use ${match.allowed.join(", ")}.`,
      { allowed: match.allowed },
      { Allow: match.allowed.join(", ") },
    );
  }
  const body = hasBody(method) ? await readJsonBody(req) : undefined;
  const ctx: ControlContext = { state, req, url, body };
  const reply = await match.route.handler(ctx);
  sendJson(res, reply.status, reply.body, reply.headers);
}

function handler(state: SimState) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://simulator.local");
    const pathname = url.pathname.replace(/\/+$/, "") || "/";
    const started = Date.now();
    let status = 500;
    const isApi = pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
    const apiPath = pathname.slice(API_PREFIX.length) || "/";
    const match = isApi ? matchRoute(apiRoutes, req.method ?? "GET", apiPath) : null;
    try {
      if (match) {
        status = await handleApi(state, req, res, url, apiPath, match);
      } else if (pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`)) {
        await handleControl(state, req, res, url, pathname.slice(CONTROL_PREFIX.length) || "/");
        status = res.statusCode;
      } else if (htmlRoot(state, req)) {
        sendHtmlPage(res);
        status = 200;
      } else {
        throw notFound(`No route for ${req.method} ${pathname}. The API lives under ${API_PREFIX}.`);
      }
    } catch (err) {
      const e =
        err instanceof SimError
          ? err
          : new SimError(500, "internal_error", "Internal server error in the simulator.");
      if (!(err instanceof SimError)) console.error("[sim] unexpected error:", err);
      status = e.status;
      sendError(res, e);
    }
    if (match) {
      state.stats.add({
        method: req.method ?? "GET",
        path: routeName(req.method ?? "GET", match),
        concrete_path: `${url.pathname}${url.search}`,
        key_suffix: keySuffix(req),
        status,
        at: iso(state.clock.now()),
      });
    }
    if (state.config.log)
      console.log(
        `[sim] ${req.method} ${url.pathname}${url.search} → ${status || "dropped"} (${Date.now() - started} ms)`,
      );
  };
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const { manualClock, startTime, clock: givenClock, ...rest } = options;
  const config: SimConfig = { ...DEFAULT_CONFIG, port: 0, ...rest };
  const clock = givenClock ?? createClock({ manual: manualClock, start: startTime });
  const state = createState(config, clock);
  const server: Server = createServer((req, res) => void handler(state)(req, res));
  // Idle keep-alive sockets stay open a minute, as behind a typical load balancer. At Node's 5 s a client that reuses a
  // socket just as the server drops it (the test runner's HTTP client does not read the Keep-Alive hint) gets
  // ECONNRESET on a request that never arrived.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  // Keep billing and credit exhaustion moving even when nobody polls (a cluster must stop when credits run out).
  const ticker = setInterval(() => advanceAll(state), 5_000);
  ticker.unref();
  const port = (server.address() as AddressInfo).port;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    url,
    apiUrl: `${url}${API_PREFIX}`,
    port,
    state,
    clock,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(ticker);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
