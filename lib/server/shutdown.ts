import "server-only";
import { getDatabase } from "@/lib/server/db/client";
import { runningEngines } from "@/lib/server/jobs/engine";
import { log } from "@/lib/server/log";
import { inFlightRequests, seenServers, whenIdle } from "@/lib/server/requests";

/**
 * Graceful shutdown on SIGTERM (and SIGINT), installed from instrumentation.ts in place of Next's own handler (which
 * closes the listener and exits with no grace period and no thought for the job worker):
 * 1. readiness goes false at once (`/api/health?ready=1` answers 503), so a load balancer stops sending traffic;
 * 2. the listeners close (no new connections; idle keep-alive sockets are closed) and requests in flight finish,
 *    for up to SHUTDOWN_GRACE_MS (default 15 s);
 * 3. the job worker stops (pg-boss, graceful: a running guard finishes), the database closes;
 * 4. the process exits 0 (1 when the grace period ran out with requests still open).
 */

export const DEFAULT_SHUTDOWN_GRACE_MS = 15_000;

export function shutdownGraceMs(): number {
  const v = Number(process.env.SHUTDOWN_GRACE_MS);
  return Number.isFinite(v) && v >= 0 ? v : DEFAULT_SHUTDOWN_GRACE_MS;
}

type State = { installed: boolean; shuttingDown: boolean };
const holder = globalThis as unknown as { __clusterdeckShutdown?: State };
const state = (): State => (holder.__clusterdeckShutdown ??= { installed: false, shuttingDown: false });

/** False from the first SIGTERM on: what the readiness check reports. */
export function isShuttingDown(): boolean {
  return state().shuttingDown;
}

const shutdownLog = log.child({ area: "shutdown" });

export async function shutdown(signal: string, graceMs = shutdownGraceMs()): Promise<number> {
  const s = state();
  if (s.shuttingDown) return 0;
  s.shuttingDown = true;
  const started = Date.now();
  shutdownLog.info({ signal, inFlight: inFlightRequests(), graceMs }, "shutting down");
  const servers = seenServers();
  for (const server of servers) server.close();
  // Keep-alive sockets between requests would hold close() open; those mid-request finish first.
  const sweep = setInterval(() => {
    for (const server of servers) server.closeIdleConnections();
  }, 100);
  let timer: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    whenIdle().then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
  ]);
  clearTimeout(timer);
  clearInterval(sweep);
  if (!drained)
    shutdownLog.warn({ inFlight: inFlightRequests() }, "grace period over with requests still in flight");
  for (const engine of runningEngines()) {
    try {
      await engine.stop();
    } catch (err) {
      shutdownLog.warn(
        { reason: err instanceof Error ? err.message : "unknown" },
        "job engine did not stop cleanly",
      );
    }
  }
  try {
    await (await getDatabase()).close();
  } catch {
    // never opened, or already closed: nothing to flush
  }
  shutdownLog.info({ ms: Date.now() - started, drained }, "stopped");
  return drained ? 0 : 1;
}

/**
 * Replaces Next's SIGTERM/SIGINT handlers (start-server.js registers them before instrumentation runs; setting
 * NEXT_MANUAL_SIG_HANDLE=1 would also keep them away) with `shutdown`.
 */
export function installShutdown(): void {
  const s = state();
  if (s.installed) return;
  s.installed = true;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      void shutdown(signal).then((code) => process.exit(code));
    });
  }
}
