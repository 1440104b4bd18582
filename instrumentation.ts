/**
 * Runs once when a server process starts. Checks the configuration that would otherwise fail on the first request
 * (secrets required with DATABASE_URL) and applies database migrations, so a misconfigured instance refuses to
 * start with a clear message instead of serving errors.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` loads this file too (to prerender); the database and secrets belong to the running server only.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // Issue 19.6: the polled reads are answered before Next's router (lib/server/fast-reads.ts). Installed first, so the
  // peer stamp and the request tracking below wrap it and run before it, as for every request.
  const { installFastReads } = await import("./lib/server/fast-reads");
  installFastReads();
  // Every request gets its socket address recorded before Next sees it (lib/server/auth/client-address.ts).
  const { installPeerStamp } = await import("./lib/server/auth/client-address");
  installPeerStamp();
  // Issue 19: a request id on every request (X-Request-Id), one log line per failed or slow one, latency metrics,
  // and the in-flight count the graceful shutdown waits for.
  const { installRequestTracking } = await import("./lib/server/requests");
  installRequestTracking();
  const { installShutdown } = await import("./lib/server/shutdown");
  installShutdown();
  const { startupChecks } = await import("./lib/server/startup");
  await startupChecks();
  // Issue 17: the job engine and the guardian of cluster limits (CLUSTERDECK_WORKER=off leaves it to `npm run worker`).
  const { startGuardianWithServer } = await import("./lib/server/guardian/start");
  await startGuardianWithServer();
}

/**
 * Next reports an error thrown while rendering or handling a request here: one log line with the request id the
 * error page shows as its reference (lib/server/requests.ts) and Next's digest. Name and message only, redacted.
 */
export async function onRequestError(
  err: unknown,
  request: { path: string; method: string; headers: Record<string, string | string[] | undefined> },
  context: { routePath?: string; routeType?: string },
) {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { logRequestError } = await import("./lib/server/request-errors");
  logRequestError(err, request, context);
}
