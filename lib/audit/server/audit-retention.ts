import "server-only";
import type { PgBoss } from "pg-boss";
import type { Db } from "@/lib/server/db/client";
import { env } from "@/lib/server/env";
import { countedHandler, ensureQueue } from "@/lib/server/jobs/engine";
import { log } from "@/lib/server/log";
import { pruneAudit } from "./audit-log";

/**
 * The audit log is kept AUDIT_RETENTION_DAYS (a year unless configured): once a day, and when a worker starts, a job
 * on the job queue deletes older entries. pg-boss's schedule makes one job per day however many instances run, and
 * a delete of what is already gone deletes nothing, so two runs at once are harmless.
 */

export const AUDIT_PRUNE_QUEUE = "audit-prune";
const DAILY = "23 3 * * *";
const DAY_MS = 86_400_000;

const auditLog = log.child({ area: "audit" });

/** The moment before which an entry is past its retention. */
export function retentionCutoff(now: number, days = env().AUDIT_RETENTION_DAYS): Date {
  return new Date(now - days * DAY_MS);
}

function ensureAuditPruneQueue(boss: PgBoss): Promise<void> {
  return ensureQueue(boss, AUDIT_PRUNE_QUEUE, {
    policy: "singleton",
    expireInSeconds: 300,
    retryLimit: 3,
    deleteAfterSeconds: 7 * 86_400,
  });
}

/** Prunes now, and registers the daily job and its worker (which looks for a due job every `pollSeconds`). */
export async function startAuditRetention(
  boss: PgBoss,
  db: Db,
  { now = () => Date.now(), pollSeconds = 60 }: { now?: () => number; pollSeconds?: number } = {},
): Promise<void> {
  const prune = async () => {
    const removed = await pruneAudit(db, retentionCutoff(now()));
    if (removed > 0)
      auditLog.info({ removed, days: env().AUDIT_RETENTION_DAYS }, "audit entries past retention deleted");
  };
  await ensureAuditPruneQueue(boss);
  await boss.schedule(AUDIT_PRUNE_QUEUE, DAILY);
  await boss.work(
    AUDIT_PRUNE_QUEUE,
    { pollingIntervalSeconds: pollSeconds },
    countedHandler(AUDIT_PRUNE_QUEUE, prune),
  );
  await prune();
}
