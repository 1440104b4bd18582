/**
 * Runs once when a server process starts (Next calls it from `app.prepare()` in server.mjs). Checks the configuration
 * that would otherwise fail on the first request (secrets required with DATABASE_URL) and applies database
 * migrations, so a misconfigured instance refuses to start with a clear message instead of serving errors.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` loads this file too (to prerender); the database and secrets belong to the running server only.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // The server entry (server.mjs) stamps each request with its id and peer chain and counts it in flight; the app
  // adds one log line per failed or slow request and the latency metrics (lib/boot/requests.ts).
  const { installRequestTracking } = await import("./lib/boot/requests");
  installRequestTracking();
  // What the entry stops on SIGTERM once the requests have drained: the job worker, then the database.
  const { installShutdown } = await import("./lib/server/shutdown");
  installShutdown();
  const { startupChecks } = await import("./lib/boot/startup");
  await startupChecks();
  // The job engine and the guardian of cluster limits (CLUSTERDECK_WORKER=off leaves it to `npm run worker`).
  const { startGuardianWithServer } = await import("./lib/boot/guardian-start");
  await startGuardianWithServer();
}

/**
 * Next reports an error thrown while rendering or handling a request here: one log line with the request id the
 * error page shows as its reference (lib/boot/requests.ts) and Next's digest. Name and message only, redacted.
 */
export async function onRequestError(
  err: unknown,
  request: { path: string; method: string; headers: Record<string, string | string[] | undefined> },
  context: { routePath?: string; routeType?: string },
) {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { logRequestError } = await import("./lib/boot/request-errors");
  logRequestError(err, request, context);
}
