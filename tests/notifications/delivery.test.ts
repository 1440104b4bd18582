import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { NotificationEvent } from "@/lib/vocabulary/notification-events";
import type { Database } from "@/lib/server/db/client";
import { instanceSettings, notificationDeliveries } from "@/lib/server/db/schema";
import { storeOrigin } from "@/lib/server/mail-origin";
import type { PgBoss } from "pg-boss";
import {
  RETRY_WINDOW_MS,
  retryDelayMs,
  runDelivery,
  type DeliveryDeps,
} from "@/lib/notifications/server/deliver";
import { createNotifier, DELIVERY_PRIORITY } from "@/lib/notifications/server/delivery-queue";
import { sendTestDelivery } from "@/lib/notifications/server/test-delivery";
import { emitEvent, setPrefs } from "@/lib/notifications/server/store";
import { verifySignature } from "@/lib/notifications/server/webhook";
import { createWebhook, webhookDeliveries } from "@/lib/notifications/server/webhooks-store";
import { BACKENDS } from "../db/support/backends";
import { makeVerifiedUser, SECRET } from "../db/support/fixtures";
import { startReceiver, startSmtp } from "./support/receivers";

function event(type: NotificationEvent["type"] = "cluster-failed"): NotificationEvent {
  return {
    key: `${type}:c-${Math.random().toString(36).slice(2)}`,
    type,
    at: new Date().toISOString(),
    title: "train failed",
    message: "train failed: capacity.",
    cluster: { id: "c1", name: "train", status: "failed" },
    cost: { hourlyRate: 40, total: 0, estimated: false },
    details: { reason: "capacity" },
  };
}

it("retries back off exponentially from the base, capped at an hour", () => {
  expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
  expect(retryDelayMs(30, 30_000)).toBe(3_600_000);
});

describe.each(BACKENDS)("deliveries on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let clock = Date.now();
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
    receiver = await startReceiver();
    smtp = await startSmtp();
  });
  // The clock the deliveries see starts at real time (rows are created with the database's now()).
  beforeEach(() => {
    clock = Date.now() + 1_000;
  });
  afterAll(async () => {
    await receiver?.close();
    await smtp?.close();
    await dispose?.();
  });

  function deps(): DeliveryDeps {
    return {
      db: database.db,
      ring: SECRET,
      now: () => clock,
      retryBaseMs: 1_000,
      timeoutMs: 2_000,
      allowPrivate: true,
      appUrl: "https://deck.example.com",
      email: { url: smtp.url, from: "Clusterdeck <deck@example.com>" },
    };
  }

  async function setup(events: NotificationEvent["type"][] = ["cluster-failed"]) {
    const { db } = database;
    const user = await makeVerifiedUser(db);
    await setPrefs(db, user.id, { inbox: [], email: [], balanceLowHours: 2 });
    const made = await createWebhook(
      db,
      user.id,
      { url: receiver.url, events: events as never, format: "json" },
      SECRET,
    );
    if ("error" in made) throw new Error(made.error);
    return { user, hook: made.webhook, secret: made.secret };
  }

  it("a receiver answering 500 twice then 200 gets the event once in the end, each attempt logged", async () => {
    const { user, hook, secret } = await setup();
    receiver.plan([500, 500]);
    const before = receiver.received.length;
    const e = event();
    const { deliveries } = await emitEvent(database.db, user.id, e, { emailEnabled: false });
    expect(deliveries).toHaveLength(1);
    const id = deliveries[0]!;

    expect(await runDelivery(deps(), id)).toEqual({ outcome: "retry", retryInMs: 1_000 });
    // Not due yet: a job that comes before the backoff ends sends nothing and comes back when it is due.
    clock += 400;
    expect(await runDelivery(deps(), id)).toEqual({ outcome: "skipped", retryInMs: 600 });
    clock += 600;
    expect(await runDelivery(deps(), id)).toEqual({ outcome: "retry", retryInMs: 2_000 });
    clock += 2_000;
    expect(await runDelivery(deps(), id)).toEqual({ outcome: "delivered", retryInMs: null });
    expect(await runDelivery(deps(), id)).toEqual({ outcome: "skipped", retryInMs: null });

    const got = receiver.received.slice(before);
    expect(got.map((r) => r.status)).toEqual([500, 500, 200]);
    expect(new Set(got.map((r) => r.headers["clusterdeck-delivery"]))).toEqual(new Set([id]));
    const last = got.at(-1)!;
    expect(last.headers["clusterdeck-event"]).toBe("cluster-failed");
    expect(
      verifySignature(secret, String(last.headers["clusterdeck-signature"]), last.body, {
        nowSeconds: Math.floor(clock / 1000),
      }),
    ).toBe(true);
    expect(JSON.parse(last.body)).toMatchObject({ id, event: "cluster-failed", event_key: e.key });
    expect(last.body).not.toContain(secret);

    const log = await webhookDeliveries(database.db, user.id, hook.id);
    expect(log).toHaveLength(1);
    expect(log[0]!.status).toBe("delivered");
    expect(log[0]!.attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    expect(log[0]!.attempts.every((a) => a.durationMs >= 0 && a.at)).toBe(true);
  });

  it("two workers running one delivery at once send it once", async () => {
    const { user } = await setup();
    const before = receiver.received.length;
    const { deliveries } = await emitEvent(database.db, user.id, event(), { emailEnabled: false });
    const results = await Promise.all([
      runDelivery(deps(), deliveries[0]!),
      runDelivery(deps(), deliveries[0]!),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(["delivered", "skipped"]);
    expect(receiver.received.length - before).toBe(1);
  });

  it("gives up after a day of failures and says so", async () => {
    const { user } = await setup();
    const { deliveries } = await emitEvent(database.db, user.id, event(), { emailEnabled: false });
    const id = deliveries[0]!;
    const start = clock;
    let outcome = "retry";
    let n = 0;
    while (outcome === "retry" && n < 100) {
      receiver.plan([503]);
      const r = await runDelivery(deps(), id);
      outcome = r.outcome;
      clock += r.retryInMs ?? 0;
      n++;
    }
    expect(outcome).toBe("failed");
    expect(clock - start).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(clock - start).toBeGreaterThan(RETRY_WINDOW_MS - 3_600_000);
    const [row] = await database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.id, id));
    expect(row).toMatchObject({ status: "failed", attempts: n, lastError: "HTTP 503" });
  });

  it("email goes to the user's address over SMTP, plain text and HTML, once", async () => {
    const { db } = database;
    const user = await makeVerifiedUser(db);
    const { deliveries } = await emitEvent(db, user.id, event(), { emailEnabled: true });
    expect(deliveries).toHaveLength(1);
    const before = smtp.messages.length;
    expect(await runDelivery(deps(), deliveries[0]!)).toEqual({ outcome: "delivered", retryInMs: null });
    expect(await runDelivery(deps(), deliveries[0]!)).toEqual({ outcome: "skipped", retryInMs: null });
    const got = smtp.messages.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.to).toEqual([user.email]);
    expect(got[0]!.from).toBe("deck@example.com");
    expect(got[0]!.raw).toContain("Subject: [Clusterdeck] train failed");
    expect(got[0]!.raw).toContain("text/plain");
    expect(got[0]!.raw).toContain("text/html");
    // Quoted-printable: soft line breaks removed, the link is in both parts.
    const decoded = got[0]!.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(decoded.match(/https:\/\/deck\.example\.com\/clusters\/c1/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it("without AUTH_URL, links use the origin the instance keeps, and none before it keeps one", async () => {
    const { db } = database;
    const user = await makeVerifiedUser(db);
    const links = [{ label: "Extend 1 h", path: "/extend/signed" }];
    const sendOne = async () => {
      const { deliveries } = await emitEvent(db, user.id, { ...event(), links }, { emailEnabled: true });
      const before = smtp.messages.length;
      expect(await runDelivery({ ...deps(), appUrl: null }, deliveries[0]!)).toMatchObject({
        outcome: "delivered",
      });
      return smtp.messages
        .slice(before)[0]!
        .raw.replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
    };
    const bare = await sendOne();
    expect(bare).not.toContain("/extend/signed");
    expect(bare).not.toMatch(/https?:\/\/[^\s"]*\/clusters\/c1/);

    await storeOrigin(db, "https://kept.example.com/any/path", user.id);
    const kept = await sendOne();
    expect(kept).toContain("https://kept.example.com/extend/signed");
    expect(kept).toContain("https://kept.example.com/clusters/c1");
    await db.delete(instanceSettings);
  });

  /** A job queue that records what is sent to it: the deliveries' ids and their priorities (its queue is made first). */
  function recordingBoss() {
    const sent: Array<{ deliveryId: string; priority: number | undefined }> = [];
    const boss = {
      createQueue: async () => {},
      send: async (_queue: string, data: { deliveryId: string }, opts: { priority?: number }) => {
        sent.push({ deliveryId: data.deliveryId, priority: opts.priority });
        return "job";
      },
    } as unknown as PgBoss;
    return { boss, sent };
  }

  it("a test is attempted once: a failing receiver ends it as failed, with no day of retries", async () => {
    const { user, hook } = await setup();
    const { boss, sent } = recordingBoss();
    expect(await sendTestDelivery(database.db, boss, user.id, hook.id)).toBe("queued");
    receiver.plan([500]);
    expect(await runDelivery(deps(), sent[0]!.deliveryId)).toEqual({ outcome: "failed", retryInMs: null });
    const log = await webhookDeliveries(database.db, user.id, hook.id);
    expect(log.map((d) => [d.eventType, d.status, d.attempts.length])).toEqual([["test", "failed", 1]]);
  });

  it("one test per webhook waits at a time, however many are asked for at once; then the next may go", async () => {
    const { user, hook } = await setup();
    const { boss, sent } = recordingBoss();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sendTestDelivery(database.db, boss, user.id, hook.id)),
    );
    expect(answers.sort()).toEqual(["in-flight", "in-flight", "in-flight", "in-flight", "queued"]);
    expect(sent).toHaveLength(1);
    expect(await runDelivery(deps(), sent[0]!.deliveryId)).toMatchObject({ outcome: "delivered" });
    expect(await sendTestDelivery(database.db, boss, user.id, hook.id)).toBe("queued");
    // Another user's webhook id is not theirs to test.
    const other = await makeVerifiedUser(database.db);
    expect(await sendTestDelivery(database.db, boss, other.id, hook.id)).toBe("not-found");
  });

  it("real events are queued ahead of tests", async () => {
    const { user, hook } = await setup();
    const { boss, sent } = recordingBoss();
    await sendTestDelivery(database.db, boss, user.id, hook.id);
    await createNotifier(database.db, async () => boss)(user.id, [event()]);
    expect(sent.map((s) => s.priority)).toEqual([DELIVERY_PRIORITY.test, DELIVERY_PRIORITY.event]);
    expect(DELIVERY_PRIORITY.event).toBeGreaterThan(DELIVERY_PRIORITY.test);
  });

  it("smtp:// requires TLS: a server without STARTTLS gets nothing unless the URL opts out", async () => {
    const { db } = database;
    const user = await makeVerifiedUser(db);
    const { deliveries } = await emitEvent(db, user.id, event(), { emailEnabled: true });
    const before = smtp.messages.length;
    const plain = smtp.url.replace("/?requireTLS=false", "");
    expect(plain).not.toContain("requireTLS");
    const strict = { ...deps(), email: { url: plain, from: "deck@example.com" } };
    expect((await runDelivery(strict, deliveries[0]!)).outcome).toBe("retry");
    expect(smtp.messages.length).toBe(before);
    clock += 1_000;
    expect((await runDelivery(deps(), deliveries[0]!)).outcome).toBe("delivered");
  });

  it("an SMTP server that is down is retried, not lost", async () => {
    const { db } = database;
    const user = await makeVerifiedUser(db);
    const { deliveries } = await emitEvent(db, user.id, event(), { emailEnabled: true });
    const down = { ...deps(), email: { url: "smtp://127.0.0.1:1", from: "deck@example.com" } };
    expect((await runDelivery(down, deliveries[0]!)).outcome).toBe("retry");
    clock += 1_000;
    expect((await runDelivery(deps(), deliveries[0]!)).outcome).toBe("delivered");
  });
});
