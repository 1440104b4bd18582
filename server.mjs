#!/usr/bin/env node
/**
 * Clusterdeck's server: Next's request handler (its public custom-server API) behind a Node HTTP server of our own,
 * so the Node-level concerns have one visible home instead of hooks inside Next's server
 * (lib/server/node-server.mjs):
 * - every request gets the trusted peer chain (per-address limits) and a request id, and is counted in flight;
 * - SIGTERM / SIGINT: readiness goes 503, the listener closes, requests in flight drain (SHUTDOWN_GRACE_MS), the
 *   job worker and the database stop, and the process exits. Next's own server (`next start`) installs signal
 *   handlers that exit at once; a custom server has none, so these are the only ones.
 *
 * `node server.mjs` from the folder that holds the app and its build (`npm start`, the Dockerfile and the test suites run it).
 * Environment: PORT (3000), HOST (0.0.0.0), KEEP_ALIVE_TIMEOUT_MS (65 s, scripts/app-node-options.mjs),
 * NEXT_DIST_DIR (the build folder, as for `next build`), and the app's variables (README).
 */
import { createServer } from "node:http";
import next from "next";
import { markServerEntry, prepareRequest, shutdown } from "./lib/server/node-server.mjs";
import { keepAliveTimeoutMs } from "./scripts/app-node-options.mjs";

// The folder with the app's build and next.config.mjs: where it is started (the repository, the image's /app).
const dir = process.cwd();
const port = Number(process.env.PORT?.trim() || 3000);
const hostname = process.env.HOST?.trim() || "0.0.0.0";

let keepAlive;
try {
  keepAlive = keepAliveTimeoutMs(process.env.KEEP_ALIVE_TIMEOUT_MS);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

process.env.NODE_ENV = "production";
// Before the app starts: its startup checks refuse to run in production without this entry in front.
markServerEntry();
const app = next({ dev: false, dir, hostname, port });
// Runs instrumentation.ts's register(): configuration checks, migrations, the job worker.
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((req, res) => {
  prepareRequest(req, res);
  void handle(req, res);
});
server.keepAliveTimeout = keepAlive;
// Headers must be allowed to take longer than an idle keep-alive socket lives (Node's rule for the two timeouts).
server.headersTimeout = keepAlive + 1_000;

// Every signal joins the one shutdown: a second one (Ctrl-C under `npm start` sends SIGINT, then the script's SIGTERM)
// neither exits early nor falls through to Node's default handler.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    void shutdown(signal, { server }).then((code) => process.exit(code));
  });
}

server.listen(port, hostname, () => {
  console.log(`Clusterdeck listening on http://${hostname}:${port}`);
});
