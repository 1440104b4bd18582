import "server-only";
import { processSingleton } from "@/lib/process-singleton.mjs";
import { PgBoss, fromPglite } from "pg-boss";
import type { Database } from "@/lib/server/db/client";
import { log } from "@/lib/server/log";
import { jobOutcome, readQueueDepthsFrom } from "@/lib/server/metrics/record";
import { errorSummary } from "@/lib/server/db/errors";

/**
 * The job queue: pg-boss 12 on the app's own database. On a real Postgres it uses its own pool (node-postgres) on
 * the same URL; on the embedded PGlite it shares the app's one PGlite instance through pg-boss's own adapter
 * (`fromPglite`: multi-statement texts go through `exec`, and the rows of every statement are returned) with the
 * `pglite` backend profile. pg-boss keeps its tables in its own schema (`pgboss`) and migrates them itself.
 *
 * Exactly-once claims come from pg-boss (`SKIP LOCKED`); a job whose worker died is retried after its expiry.
 */

const jobsLog = log.child({ area: "jobs" });

export type Engine = {
  boss: PgBoss;
  kind: Database["kind"];
  stop: () => Promise<void>;
};

export async function startEngine(
  database: Database,
  opts: { supervise?: boolean; superviseIntervalSeconds?: number } = {},
): Promise<Engine> {
  const common = {
    // Maintenance (expiring dead workers' jobs, retention) runs on every instance; pg-boss serialises it itself.
    supervise: opts.supervise ?? true,
    // pg-boss's default (60 s) unless the guardian's configuration says otherwise (tests). pg-boss refuses a
    // present-but-undefined option, so it is only passed when set.
    ...(opts.superviseIntervalSeconds ? { superviseIntervalSeconds: opts.superviseIntervalSeconds } : {}),
    // The worker polls every second or two; LISTEN/NOTIFY is not needed for a 30 s guard cadence.
    useListenNotify: false,
    registerInstance: false,
    openTelemetry: { enabled: false },
  } as const;
  const boss =
    database.raw.kind === "pglite"
      ? new PgBoss({ ...common, db: fromPglite(database.raw.pglite), backend: "pglite" })
      : new PgBoss({ ...common, connectionString: database.raw.url, max: 4 });
  boss.on("error", (err: unknown) => {
    jobsLog.error({ err: errorSummary(err) }, "pg-boss error");
  });
  await boss.start();
  // The metrics endpoint reads this engine's queue depths at each scrape, until the engine stops.
  const stopReporting = readQueueDepthsFrom(() => boss.getQueues());
  const engine: Engine = {
    boss,
    kind: database.kind,
    stop: async () => {
      engines().delete(engine);
      stopReporting();
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
  engines().add(engine);
  return engine;
}

// The queues made on each engine, so that a feature can make sure of its queue before every send at the cost of
// one createQueue per engine (pg-boss refuses a send to a queue it does not have).
const madeQueues = new WeakMap<PgBoss, Map<string, Promise<void>>>();

/**
 * Makes a queue on this engine's pg-boss once (pg-boss keeps it if it exists); later calls for the same engine and
 * name share the first call's answer, and a failed one is tried again next time.
 */
export function ensureQueue(
  boss: PgBoss,
  name: string,
  options: Parameters<PgBoss["createQueue"]>[1],
): Promise<void> {
  let made = madeQueues.get(boss);
  if (!made) madeQueues.set(boss, (made = new Map<string, Promise<void>>()));
  let queue = made.get(name);
  if (!queue) {
    queue = boss.createQueue(name, options).catch((err: unknown) => {
      made.delete(name);
      throw err;
    });
    made.set(name, queue);
  }
  return queue;
}

// The engines running in this process, for the shutdown (lib/server/shutdown.ts).
const engines = () => processSingleton("job-engines", () => new Set<Engine>());

export function runningEngines(): Engine[] {
  return [...engines()];
}

/** A batch handler for `boss.work` that counts its jobs' outcomes (clusterdeck_jobs_total) and rethrows failures. */
export function countedHandler<T>(
  queue: string,
  handler: (jobs: T[]) => Promise<void>,
): (jobs: T[]) => Promise<void> {
  return async (jobs) => {
    try {
      await handler(jobs);
      jobOutcome(queue, "completed", jobs.length);
    } catch (err) {
      jobOutcome(queue, "failed", jobs.length);
      throw err;
    }
  };
}

/**
 * A queue of messages to mail (a verification link, an invite): a job whose worker died runs again after a minute, a
 * failed send is retried five times with backoff, and a finished job is kept a day.
 */
export const MAIL_QUEUE_OPTIONS = {
  expireInSeconds: 60,
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  deleteAfterSeconds: 86_400,
} as const satisfies Parameters<PgBoss["createQueue"]>[1];

/** Registers a worker on `queue` that runs each job of a fetched batch in turn, counted (clusterdeck_jobs_total). */
export async function workEach<T extends object>(
  boss: PgBoss,
  queue: string,
  pollSeconds: number,
  run: (data: T) => Promise<void>,
): Promise<void> {
  await boss.work<T>(
    queue,
    { pollingIntervalSeconds: pollSeconds },
    countedHandler(queue, async (jobs: Array<{ data: T }>) => {
      for (const job of jobs) await run(job.data);
    }),
  );
}
