import "server-only";
import type { PgBoss } from "pg-boss";
import { z } from "zod";
import { parseDuration, type Limits } from "@/lib/spend/ledger";
import { MAX_TIME_LIMIT_MINUTES } from "@/lib/limits/input";
import type { Cluster } from "@/lib/runcrate/schemas";
import { keyRing } from "@/lib/server/crypto/key-ring";
import type { Db } from "@/lib/server/db/client";
import {
  activeTracked,
  guardRef,
  refKey,
  trackCluster,
  type GuardRef,
} from "@/lib/spend/server/tracked-clusters";
import { keySecretById } from "@/lib/keys/server/key-secrets";
import { setLimits } from "@/lib/limits/server/cluster-limits";
import { countedHandler, ensureQueue, type Engine } from "@/lib/server/jobs/engine";
import { processEngine } from "@/lib/server/jobs/process-engine";
import { createNotifier } from "@/lib/notifications/server/delivery-queue";
import { parseConfig } from "@/lib/server/env";
import { log } from "@/lib/server/log";
import { createRuncrateClient } from "@/lib/runcrate/server/client";
import { runGuard, type GuardDeps } from "./guard";

/**
 * The guardian on pg-boss: one job per guarded cluster at a time (queue policy `stately` keyed by the cluster's key
 * and id, `refKey`: at most one queued and one running), each run scheduling the next. A worker that starts
 * re-schedules every open guard (a duplicate is refused by the policy), so a guard lost with a killed instance comes
 * back.
 */

export const GUARD_QUEUE = "cluster-guard";

const guardianEnv = z.object({
  /** Longest wait between two reads of a guarded cluster. 30 s; tests shorten it. */
  CLUSTERDECK_GUARD_INTERVAL_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** `app` (default): the guardian runs inside each app server. `off`: the app only schedules; `npm run worker` works. */
  CLUSTERDECK_WORKER: z.enum(["app", "off"]).default("app"),
  /** How often an idle worker asks the queue for due jobs. */
  CLUSTERDECK_GUARD_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  /**
   * A guard run still active after this many seconds counts as lost with its worker (a killed instance) and is
   * retried, first after CLUSTERDECK_GUARD_RETRY_SECONDS, doubling up to 5 minutes. 30 s and 5 s; tests shorten them.
   */
  CLUSTERDECK_GUARD_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  CLUSTERDECK_GUARD_RETRY_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  /** Operator ceiling on a cluster's time limit ("8 h", "90 min"); unset: no ceiling. */
  CLUSTERDECK_MAX_TIME_LIMIT: z
    .string()
    .optional()
    .refine(
      (v) => {
        if (v === undefined || v.trim() === "") return true;
        const minutes = parseDuration(v);
        return minutes !== null && minutes <= MAX_TIME_LIMIT_MINUTES;
      },
      { message: 'a duration such as "8 h" or "90 min", at most 366 days' },
    ),
});

/** The operator's ceiling on time limits, in minutes (null: none). */
export function maxTimeLimitMinutes(): number | null {
  const v = guardianConfig().CLUSTERDECK_MAX_TIME_LIMIT;
  return v === undefined || v.trim() === "" ? null : parseDuration(v);
}

export function guardianConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(guardianEnv, "guardian", env);
}

const guardianLog = log.child({ area: "guardian" });

export function ensureGuardQueue(boss: PgBoss): Promise<void> {
  const cfg = guardianConfig();
  return ensureQueue(boss, GUARD_QUEUE, {
    policy: "stately",
    // A run takes a few seconds at most; a dead worker's job is retried after this.
    expireInSeconds: cfg.CLUSTERDECK_GUARD_EXPIRE_SECONDS,
    retryLimit: 1_000,
    retryDelay: cfg.CLUSTERDECK_GUARD_RETRY_SECONDS,
    retryBackoff: true,
    retryDelayMax: 300,
    deleteAfterSeconds: 3_600,
  });
}

export async function scheduleGuard(boss: PgBoss, ref: GuardRef, delayMs = 0): Promise<string | null> {
  await ensureGuardQueue(boss);
  return boss.send(GUARD_QUEUE, { scope: ref.scope, clusterId: ref.clusterId } satisfies GuardRef, {
    singletonKey: refKey(ref),
    startAfter: new Date(Date.now() + Math.max(0, delayMs)),
  });
}

/**
 * A guard job's cluster, or null for a job from before guards were keyed by key and id (it carries the id alone,
 * which may be anyone's): dropped, since every starting worker schedules each open guard anew.
 */
const guardJob = z.object({ scope: z.string().min(1), clusterId: z.string().min(1) });

export function guardDeps(db: Db, intervalMs: number, api: { baseUrl?: string } = {}): GuardDeps {
  return {
    db,
    now: () => Date.now(),
    intervalMs,
    clientFor: async (keyId) => {
      // Decrypted for this one run; the client holds it only until the run ends.
      const key = await keySecretById(db, keyId, keyRing());
      if (!key) return null;
      return {
        key: { id: key.id, label: key.label, environment: key.environment, teamId: key.teamId },
        client: createRuncrateClient({
          apiKey: key.apiKey,
          environment: key.environment,
          baseUrl: api.baseUrl,
        }),
      };
    },
  };
}

/** Registers the worker: runs due guard jobs and schedules each guard's next run. */
export async function startGuardWorker(
  engine: Engine,
  db: Db,
  o: { intervalMs: number; pollSeconds: number; baseUrl?: string },
) {
  const { intervalMs, pollSeconds } = o;
  const deps: GuardDeps = {
    ...guardDeps(db, intervalMs, { baseUrl: o.baseUrl }),
    // Notifications: what a run observes is recorded once per channel and its sends are queued at once.
    notify: createNotifier(db, () => Promise.resolve(engine.boss)),
  };
  await ensureGuardQueue(engine.boss);
  await engine.boss.work<unknown>(
    GUARD_QUEUE,
    { batchSize: 20, pollingIntervalSeconds: pollSeconds, localConcurrency: 2 },
    countedHandler(GUARD_QUEUE, async (jobs: Array<{ data: unknown }>) => {
      await Promise.all(
        jobs.map(async (job) => {
          const parsed = guardJob.safeParse(job.data);
          if (!parsed.success) return;
          const result = await runGuard(deps, parsed.data);
          if (result.nextInMs !== null) await scheduleGuard(engine.boss, parsed.data, result.nextInMs);
        }),
      );
    }),
  );
  // Every open guard gets a job (refused when it already has one queued).
  const open = await activeTracked(db);
  for (const ref of open) await scheduleGuard(engine.boss, ref, 0);
  guardianLog.info({ guards: open.length, intervalMs }, "guardian worker started");
}

// ───────────────────────────── small functions for other features (relaunch, NCCL history) ───────────────────────

/**
 * Starts watching a cluster launched here: records it in the spend record under its key and id, stores its limits
 * (none is fine: the ledger still follows it) and schedules its first guard run now. Another workspace's cluster
 * with the same id is another row (ids may repeat across workspaces). Returns false, having changed nothing, where
 * trackCluster refuses: the row of this key and id is someone else's, or the person follows the id through another
 * key.
 */
export async function guardLaunchedCluster(
  db: Db,
  c: {
    userId: string;
    keyId: string;
    environment: string | null;
    cluster: Pick<Cluster, "id" | "name" | "status"> & Partial<Pick<Cluster, "gpu_type" | "gpus_per_node">>;
  },
  limits: Limits | null,
): Promise<boolean> {
  const ours = await trackCluster(db, {
    clusterId: c.cluster.id,
    userId: c.userId,
    keyId: c.keyId,
    name: c.cluster.name,
    environment: c.environment,
    status: c.cluster.status,
    gpuType: c.cluster.gpu_type ?? null,
    gpusPerNode: c.cluster.gpus_per_node ?? null,
  });
  if (!ours) {
    guardianLog.warn(
      { clusterId: c.cluster.id },
      "launch: cluster id already followed for someone else or another key; not guarded",
    );
    return false;
  }
  const ref = guardRef(c.keyId, c.cluster.id);
  if (limits && (limits.timeLimitMinutes !== null || limits.budgetLimit !== null)) {
    await setLimits(db, ref, limits);
  }
  const engine = await processEngine();
  await scheduleGuard(engine.boss, ref, 0);
  return true;
}
