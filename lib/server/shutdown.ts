import "server-only";
import { getDatabase } from "@/lib/server/db/client";
import { runningEngines } from "@/lib/server/jobs/engine";
import { log } from "@/lib/server/log";
import { isShuttingDown, onShutdown, serverState, shutdown } from "@/lib/server/node-server.mjs";
import { processSingleton } from "@/lib/process-singleton.mjs";
import { errorSummary } from "@/lib/server/db/errors";

/**
 * The app's part of the graceful shutdown. The server entry (server.mjs, lib/server/node-server.mjs) owns the
 * sequence on SIGTERM — readiness 503, listener closed, requests in flight drained for up to SHUTDOWN_GRACE_MS —
 * and then runs the hook installed here: the job worker stops (pg-boss, graceful: a running guard finishes), then
 * the database closes.
 */

export { isShuttingDown, shutdown, serverState };

const shutdownLog = log.child({ area: "shutdown" });

export async function stopBackgroundWork(): Promise<void> {
  for (const engine of runningEngines()) {
    try {
      await engine.stop();
    } catch (err) {
      shutdownLog.warn({ reason: errorSummary(err) }, "job engine did not stop cleanly");
    }
  }
  try {
    await (await getDatabase()).close();
  } catch {
    // never opened, or already closed: nothing to flush
  }
}

/** Adds stopBackgroundWork to the entry's stop hooks, once per process (instrumentation.ts). */
export function installShutdown(): void {
  const installed = processSingleton("shutdown-installed", () => ({ done: false }));
  if (installed.done) return;
  installed.done = true;
  onShutdown(stopBackgroundWork);
}
