/**
 * `npm run worker`: the guardian as its own process, on the same Postgres as the app servers (start those with
 * CLUSTERDECK_WORKER=off if no server should run it too — running both is safe, just more pollers). Refused on the
 * embedded PGlite: that database belongs to one process, the app server, which runs the guardian itself.
 */
import "server-only";
import { isPostgresUrl } from "@/lib/server/db/client";
import { log } from "@/lib/server/log";
import { startupChecks } from "@/lib/boot/startup";
import { startGuardian } from "@/lib/boot/jobs";

export const PGLITE_REFUSAL =
  "npm run worker needs a real Postgres (DATABASE_URL=postgres://…). The embedded PGlite database can only be opened by one process — the app server, which already runs the guardian (unless CLUSTERDECK_WORKER=off).";

export async function workerMain(): Promise<void> {
  if (!isPostgresUrl(process.env.DATABASE_URL)) {
    log.child({ area: "worker" }).fatal({ why: PGLITE_REFUSAL }, "refusing to start");
    process.exit(2);
  }
  await startupChecks();
  const engine = await startGuardian({ work: true });
  log.child({ area: "worker" }).info({ pid: process.pid }, "guardian worker running");
  const stop = (signal: string) => {
    log.child({ area: "worker" }).info({ signal }, "stopping");
    void engine.stop().finally(() => process.exit(0));
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}
