import "server-only";
import type { PgBoss } from "pg-boss";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { NotificationEvent } from "@/lib/vocabulary/notification-events";
import type { Db } from "@/lib/server/db/client";
import { notificationDeliveries } from "@/lib/server/db/schema";
import { errorSummary } from "@/lib/server/db/errors";
import { ensureQueue } from "@/lib/server/jobs/engine";
import { log } from "@/lib/server/log";
import { deliveryDeps, runDelivery } from "./deliver";
import { emailConfig } from "@/lib/server/email";
import { emitEvent } from "./store";

/**
 * The delivery queue, on the guardian's job queue (pg-boss): one job per attempt at a delivery row (./deliver.ts
 * makes the attempt). A failed attempt of an event schedules the next; a worker that starts, and every minute after,
 * re-schedules pending rows whose job was lost with an instance. Real events go ahead of tests.
 */

export const DELIVERY_QUEUE = "notification-delivery";

const queueLog = log.child({ area: "notifications" });

export function ensureDeliveryQueue(boss: PgBoss): Promise<void> {
  return ensureQueue(boss, DELIVERY_QUEUE, {
    // A job that died with its worker runs again after this; the row's lease keeps it from sending twice.
    expireInSeconds: 60,
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    deleteAfterSeconds: 86_400,
  });
}

/**
 * The queue's order when deliveries wait: a real event (a cluster failed, a limit fired) goes ahead of any number of
 * "Send test" deliveries queued before it (pg-boss fetches higher priorities first).
 */
export const DELIVERY_PRIORITY = { event: 1, test: 0 } as const;

export async function scheduleDelivery(
  boss: PgBoss,
  deliveryId: string,
  o: { delayMs?: number; test?: boolean } = {},
): Promise<void> {
  await ensureDeliveryQueue(boss);
  await boss.send(
    DELIVERY_QUEUE,
    { deliveryId },
    {
      startAfter: new Date(Date.now() + Math.max(0, o.delayMs ?? 0)),
      priority: o.test ? DELIVERY_PRIORITY.test : DELIVERY_PRIORITY.event,
    },
  );
}

/** Pending rows whose job may be lost (never scheduled, or its worker died): due now and not leased. */
export async function duePendingDeliveries(
  db: Db,
  now: number,
  graceMs: number,
): Promise<Array<{ id: string; test: boolean }>> {
  const rows = await db
    .select({ id: notificationDeliveries.id, eventType: notificationDeliveries.eventType })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.status, "pending"),
        lte(notificationDeliveries.nextAt, new Date(now - graceMs)),
        or(isNull(notificationDeliveries.leaseUntil), lte(notificationDeliveries.leaseUntil, new Date(now))),
      ),
    )
    .limit(500);
  return rows.map((r) => ({ id: r.id, test: r.eventType === "test" }));
}

/** Registers the delivery worker and the sweep that re-schedules lost jobs. Returns a function that stops the sweep. */
export async function startDeliveryWorker(
  boss: PgBoss,
  db: Db,
  o: { pollSeconds: number; sweepMs?: number },
): Promise<() => void> {
  const deps = deliveryDeps(db);
  await ensureDeliveryQueue(boss);
  await boss.work<{ deliveryId: string }>(
    DELIVERY_QUEUE,
    { batchSize: 10, pollingIntervalSeconds: o.pollSeconds, localConcurrency: 2 },
    async (jobs) => {
      await Promise.all(
        jobs.map(async (job) => {
          const r = await runDelivery(deps, job.data.deliveryId);
          // Only events are retried (a test gets one attempt).
          if (r.retryInMs !== null)
            await scheduleDelivery(boss, job.data.deliveryId, { delayMs: r.retryInMs });
        }),
      );
    },
  );
  const sweep = async () => {
    try {
      for (const d of await duePendingDeliveries(db, Date.now(), 30_000))
        await scheduleDelivery(boss, d.id, { test: d.test });
    } catch (err) {
      queueLog.warn({ err: errorSummary(err) }, "delivery sweep failed");
    }
  };
  await sweep();
  const timer = setInterval(() => void sweep(), o.sweepMs ?? 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

/** What the guardian calls with the events it built: record them once per channel, then schedule the sends. */
export function createNotifier(db: Db, boss: () => Promise<PgBoss>) {
  return async (userId: string, events: readonly NotificationEvent[]): Promise<void> => {
    const email = emailConfig() !== null;
    for (const e of events) {
      const r = await emitEvent(db, userId, e, { emailEnabled: email });
      if (r.deliveries.length > 0) {
        const b = await boss();
        for (const id of r.deliveries) await scheduleDelivery(b, id);
      }
    }
  };
}
