import "server-only";
import { LRUCache } from "lru-cache";
import type { LimitReason, RateSegment } from "@/lib/spend/ledger";
import type { NotificationEvent } from "@/lib/vocabulary/notification-events";
import type { Cluster } from "@/lib/runcrate/schemas";
import type { Db } from "@/lib/server/db/client";
import { log } from "@/lib/server/log";
import type { RuncrateClient } from "@/lib/runcrate/server/client";
import { emailConfig } from "@/lib/server/email";
import { balanceLowEvent, eventsFromObservation } from "./events";
import { emitEvent, getPrefs, terminatedHere } from "./store";
import { errorSummary } from "@/lib/server/db/errors";

/**
 * The guardian's side of notifications: after each read of a cluster it hands what it saw here; events are built
 * (lib/notifications/server/events.ts) and recorded once per channel. A failure to notify is logged and never stops
 * a guard from enforcing a limit.
 */

export type Notify = (userId: string, events: readonly NotificationEvent[]) => Promise<void>;

const notifyLog = log.child({ area: "notifications" });

/** Records events without scheduling their sends: the delivery worker's sweep picks the rows up within a minute. */
export function recordOnly(db: Db): Notify {
  return async (userId, events) => {
    const emailEnabled = emailConfig() !== null;
    for (const e of events) await emitEvent(db, userId, e, { emailEnabled });
  };
}

async function safely(what: string, clusterId: string | null, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    notifyLog.error({ clusterId, err: errorSummary(err) }, `${what} failed`);
  }
}

export async function tellObservation(
  db: Db,
  notify: Notify,
  o: {
    userId: string;
    cluster: Cluster;
    firstSeenAt: Date;
    segments: readonly RateSegment[];
    now: number;
    enforced: { reason: LimitReason } | null;
  },
): Promise<void> {
  await safely("notifying an observation", o.cluster.id, async () => {
    const here =
      o.cluster.status === "terminated" && !o.enforced
        ? await terminatedHere(db, o.userId, o.cluster.id)
        : false;
    const events = eventsFromObservation({
      cluster: o.cluster,
      firstSeenAt: o.firstSeenAt.getTime(),
      segments: o.segments,
      now: o.now,
      enforced: o.enforced,
      terminatedHere: here,
    });
    if (events.length > 0) await notify(o.userId, events);
  });
}

export async function tell(notify: Notify, userId: string, event: NotificationEvent): Promise<void> {
  await safely(`notifying ${event.type}`, event.cluster?.id ?? null, () => notify(userId, [event]));
}

/** When each key's balance was last read for the low-balance check (one read per key per 5 min per process). */
const balanceChecked = new LRUCache<string, number>({ max: 10_000 });
export const BALANCE_CHECK_MS = 5 * 60_000;

/**
 * While a cluster runs, reads its key's balance now and then (GET /billing/balance) and tells the owner when the
 * runway is below their threshold.
 */
export async function checkBalance(
  db: Db,
  notify: Notify,
  o: {
    userId: string;
    key: { id: string; label: string };
    client: Pick<RuncrateClient, "getBalance">;
    burnFallback: number;
    now: number;
  },
): Promise<void> {
  const last = balanceChecked.get(o.key.id);
  if (last !== undefined && o.now - last < BALANCE_CHECK_MS) return;
  balanceChecked.set(o.key.id, o.now);
  await safely("checking the balance", null, async () => {
    const [balance, prefs] = await Promise.all([o.client.getBalance(), getPrefs(db, o.userId)]);
    const burn =
      balance.activeUsageCost && balance.activeUsageCost > 0 ? balance.activeUsageCost : o.burnFallback;
    const event = balanceLowEvent({
      key: o.key,
      balance: balance.creditsBalance,
      burnPerHour: burn,
      thresholdHours: prefs.balanceLowHours,
      now: o.now,
    });
    if (event) await notify(o.userId, [event]);
  });
}
