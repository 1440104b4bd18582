/**
 * The Node-level side of Clusterdeck's server: what the server entry (server.mjs) does to every request before
 * Next's request handler sees it, and how it stops. Plain ESM (no bundler, no "server-only"): the entry imports it
 * from outside Next's build, and the app's TypeScript imports the same functions and the same process state.
 *
 * Per request (`prepareRequest`):
 * - the trusted peer chain for the per-address limits (`PEER_CHAIN_HEADER`, read by lib/server/client-address.ts):
 *   Next gives route handlers, actions and proxy.ts no socket address, and only fills in `X-Forwarded-For` when the
 *   request has none, so with no proxy in front that header is whatever the client sent. The entry writes a header
 *   of its own: the `X-Forwarded-For` chain as received plus the socket's address, exactly what one more proxy would
 *   write. Any copy the client sent is replaced, so it cannot be forged;
 * - a request id: behind a trusted proxy (TRUSTED_PROXIES > 0) the proxy's `X-Request-Id` when it looks like one, to
 *   correlate; else a new UUID, since anyone can send the header. Given to the app as the `x-request-id` request
 *   header and returned as `X-Request-Id`; an id the caller sent and was not adopted travels as
 *   `x-client-request-id`, logged beside the server's own;
 * - the count of requests in flight, which the shutdown waits for;
 * - the app's request observer, if it has set one (instrumentation.ts: the log line and latency metrics).
 *
 * On SIGTERM (`shutdown`): readiness goes false at once (`/api/health?ready=1` answers 503), the listener closes (no
 * new connections; idle keep-alive sockets are closed), requests in flight finish for up to SHUTDOWN_GRACE_MS
 * (default 15 s), then the app's stop hooks run (the job worker, the database), and the exit code is 0 (1 when the
 * grace period ran out with requests still open).
 */
import { randomUUID } from "node:crypto";
import pino from "pino";
import { processSingleton } from "../process-singleton.mjs";

export const PEER_CHAIN_HEADER = "x-clusterdeck-peer-chain";
export const REQUEST_ID_HEADER = "x-request-id";
export const CLIENT_REQUEST_ID_HEADER = "x-client-request-id";
const INCOMING_ID = /^[A-Za-z0-9._:-]{8,100}$/;

export const DEFAULT_SHUTDOWN_GRACE_MS = 15_000;

export function shutdownGraceMs() {
  const v = Number(process.env.SHUTDOWN_GRACE_MS);
  return process.env.SHUTDOWN_GRACE_MS?.trim() && Number.isFinite(v) && v >= 0
    ? v
    : DEFAULT_SHUTDOWN_GRACE_MS;
}

/** The server's lifecycle, one per process: written by the entry, read by the app (readiness, its hooks). */
export function serverState() {
  return processSingleton("server-state", () => ({
    shuttingDown: false,
    /** Set by server.mjs before the app starts: requests are stamped with their peer chain and counted. */
    entry: false,
    /** The running shutdown, once one has started: later signals wait for it. */
    stopping: null,
    inFlight: 0,
    idle: [],
    observer: null,
    stopHooks: [],
  }));
}

/** Writes the peer-chain header on one incoming request, replacing any copy it came with. */
export function stampPeer(req) {
  const forwarded = req.headers["x-forwarded-for"];
  const received = Array.isArray(forwarded) ? forwarded.join(", ") : (forwarded ?? "");
  const peer = req.socket?.remoteAddress ?? "";
  req.headers[PEER_CHAIN_HEADER] = received ? `${received}, ${peer}` : peer;
}

/** Whether a proxy the operator trusts stands in front (TRUSTED_PROXIES, as lib/server/env.ts reads it). */
function behindTrustedProxy() {
  const n = Number(process.env.TRUSTED_PROXIES ?? 0);
  return Number.isInteger(n) && n > 0;
}

/** The request's id (see above), set on the request's headers and the answer's. */
export function stampRequestId(req, res) {
  const given = req.headers[REQUEST_ID_HEADER];
  const wellFormed = typeof given === "string" && INCOMING_ID.test(given) ? given : null;
  const id = wellFormed && behindTrustedProxy() ? wellFormed : randomUUID();
  delete req.headers[CLIENT_REQUEST_ID_HEADER];
  if (wellFormed && wellFormed !== id) req.headers[CLIENT_REQUEST_ID_HEADER] = wellFormed;
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader("X-Request-Id", id);
  return id;
}

/** Everything the entry does to a request before handing it to Next. */
export function prepareRequest(req, res) {
  const state = serverState();
  stampPeer(req);
  stampRequestId(req, res);
  state.inFlight++;
  res.once("close", () => {
    state.inFlight--;
    if (state.inFlight === 0) for (const resolve of state.idle.splice(0)) resolve();
  });
  state.observer?.(req, res);
}

/** The app's per-request observer (one: set again, it replaces the last). */
export function observeRequests(observer) {
  serverState().observer = observer;
}

/** Work the app stops after the requests have drained (the job worker, then the database), in order. */
export function onShutdown(stop) {
  serverState().stopHooks.push(stop);
}

/** Called by server.mjs before the app prepares: the app runs behind its own entry. */
export function markServerEntry() {
  serverState().entry = true;
}

export function isServerEntry() {
  return serverState().entry;
}

export function isShuttingDown() {
  return serverState().shuttingDown;
}

export function inFlightRequests() {
  return serverState().inFlight;
}

/** Resolves when no request is in flight (at once if none is). */
export function whenIdle() {
  const state = serverState();
  if (state.inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => state.idle.push(resolve));
}

let defaultLog;
const shutdownLog = () =>
  (defaultLog ??= pino({ level: process.env.LOG_LEVEL ?? "info", base: { service: "clusterdeck" } }).child({
    area: "shutdown",
  }));

/**
 * The graceful stop described above; resolves to the exit code. `server`: the entry's HTTP server (none in tests of
 * the app's hooks alone). A second call (Ctrl-C under `npm start` delivers SIGINT and then SIGTERM) joins the first:
 * it resolves when the first does, to the same code, and never cuts the drain short.
 */
export function shutdown(signal, opts = {}) {
  const state = serverState();
  if (state.stopping) {
    (opts.log ?? shutdownLog()).info(
      { signal, inFlight: state.inFlight },
      "already shutting down; still draining",
    );
    return state.stopping;
  }
  state.stopping = drainAndStop(signal, opts);
  return state.stopping;
}

async function drainAndStop(signal, { server, graceMs = shutdownGraceMs(), log = shutdownLog() }) {
  const state = serverState();
  state.shuttingDown = true;
  const started = Date.now();
  log.info({ signal, inFlight: state.inFlight, graceMs }, "shutting down");
  server?.close();
  // Keep-alive sockets between requests would hold close() open; those mid-request finish first.
  const sweep = server ? setInterval(() => server.closeIdleConnections(), 100) : undefined;
  let timer;
  const drained = await Promise.race([
    whenIdle().then(() => true),
    new Promise((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
  ]);
  clearTimeout(timer);
  clearInterval(sweep);
  if (!drained) log.warn({ inFlight: state.inFlight }, "grace period over with requests still in flight");
  for (const stop of state.stopHooks) {
    try {
      await stop();
    } catch (err) {
      log.warn({ reason: err instanceof Error ? err.message : "unknown" }, "a stop hook failed");
    }
  }
  log.info({ ms: Date.now() - started, drained }, "stopped");
  return drained ? 0 : 1;
}
