import "server-only";
import { z } from "zod";
import { processSingleton } from "@/lib/process-singleton.mjs";
import { getDatabase, type Database } from "@/lib/server/db/client";
import { parseConfig } from "@/lib/server/env";
import { startEngine, type Engine } from "./engine";

/**
 * The process's one job engine. Whoever starts the process starts it, with what its features need on it: the server
 * (instrumentation.ts) and `npm run worker` through the guardian's start (lib/limits/server/worker.ts), which makes
 * the queues and, where this process works jobs, registers the workers. Code that only schedules a job asks
 * `processEngine()`, which starts a bare engine when nothing has yet (a script, a test); each feature makes sure of
 * its own queue before it sends (`ensureQueue`), so a send works on any engine.
 */

const jobsEnv = z.object({
  /** How often each instance's job engine looks for lost jobs (pg-boss's supervision). 60 s; tests shorten it. */
  CLUSTERDECK_JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
});

export function jobsConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(jobsEnv, "job engine", env);
}

const holder = processSingleton("job-engine", (): { engine?: Promise<Engine> } => ({}));

/**
 * Starts the process's engine once and runs `setup` on it (queues, workers). When an engine is already started, or
 * starting, that one is returned and `setup` does not run: the first start decides what the process does.
 */
export function startProcessEngine(
  setup: (engine: Engine, database: Database) => Promise<void> = async () => {},
  opts: { database?: Database } = {},
): Promise<Engine> {
  holder.engine ??= (async () => {
    const database = opts.database ?? (await getDatabase());
    const engine = await startEngine(database, {
      superviseIntervalSeconds: jobsConfig().CLUSTERDECK_JOB_SUPERVISE_SECONDS,
    });
    await setup(engine, database);
    return engine;
  })().catch((err: unknown) => {
    holder.engine = undefined;
    throw err;
  });
  return holder.engine;
}

/** The engine for scheduling from the app: the process's own, started bare on first use when nothing started it. */
export function processEngine(): Promise<Engine> {
  return holder.engine ?? startProcessEngine();
}
