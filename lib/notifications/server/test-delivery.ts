import "server-only";
import type { PgBoss } from "pg-boss";
import { and, eq } from "drizzle-orm";
import type { NotificationEvent } from "@/lib/vocabulary/notification-events";
import type { Db } from "@/lib/server/db/client";
import { notificationDeliveries, webhooks } from "@/lib/server/db/schema";
import { scheduleDelivery } from "./delivery-queue";

export type TestDeliveryResult = "queued" | "not-found" | "in-flight";

/**
 * "Send test": a delivery of a sample event to one of the user's webhooks, logged like any other, attempted once
 * (deliver.ts) and queued behind real events. At most one test per webhook waits at a time (a partial unique index,
 * so two clicks or two instances at once still queue one): "in-flight" while an earlier one is pending.
 */
export async function sendTestDelivery(
  db: Db,
  boss: PgBoss,
  userId: string,
  webhookId: string,
): Promise<TestDeliveryResult> {
  const [hook] = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.userId, userId)));
  if (!hook) return "not-found";
  const at = new Date().toISOString();
  const event: NotificationEvent = {
    key: `test:${crypto.randomUUID()}`,
    type: "test",
    at,
    title: "Test delivery from Clusterdeck",
    message: "This is a test delivery from Clusterdeck. Your webhook is set up.",
    cluster: null,
    cost: null,
    details: {},
  };
  const [row] = await db
    .insert(notificationDeliveries)
    .values({
      userId,
      channel: "webhook",
      target: hook.id,
      webhookId: hook.id,
      eventKey: event.key,
      eventType: "test",
      payload: event,
    })
    .onConflictDoNothing()
    .returning({ id: notificationDeliveries.id });
  if (!row) return "in-flight";
  await scheduleDelivery(boss, row.id, { test: true });
  return "queued";
}
