import "server-only";
import { log } from "@/lib/server/log";
import { guardianConfig } from "@/lib/limits/server/worker";
import { startGuardian } from "@/lib/boot/jobs";

/**
 * Starts the job engine with the server (instrumentation.ts): with the guardian's worker unless
 * CLUSTERDECK_WORKER=off, in which case `npm run worker` runs it. A server that can't start the engine refuses to
 * start — limits it accepted would otherwise never be enforced.
 */
export async function startGuardianWithServer(): Promise<void> {
  try {
    const cfg = guardianConfig();
    await startGuardian({ work: cfg.CLUSTERDECK_WORKER === "app" });
    log
      .child({ area: "guardian" })
      .info(
        { worker: cfg.CLUSTERDECK_WORKER === "app" ? "in this server" : "separate (npm run worker)" },
        "job engine started",
      );
  } catch (err) {
    log
      .child({ area: "startup" })
      .fatal(
        { why: err instanceof Error ? err.message : String(err) },
        "refusing to start: the job engine (pg-boss) did not start",
      );
    process.exit(1);
  }
}
