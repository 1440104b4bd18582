import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { type NotificationEvent } from "@/lib/vocabulary/notification-events";
import { DEFAULT_PREFS } from "@/lib/notifications/kinds";
import type { Database } from "@/lib/server/db/client";
import { notificationDeliveries, webhooks } from "@/lib/server/db/schema";
import { emitEvent, getPrefs, inboxView, markInboxRead, setPrefs } from "@/lib/notifications/server/store";
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  resealWebhookSecrets,
  webhookForDelivery,
} from "@/lib/notifications/server/webhooks-store";
import { randomBytes } from "node:crypto";
import { DecryptionError, seal } from "@/lib/server/crypto/aes-gcm";
import type { KeyRing } from "@/lib/server/crypto/key-ring";
import { BACKENDS } from "../db/support/backends";
import { makeVerifiedUser, SECRET } from "../db/support/fixtures";

function event(over: Partial<NotificationEvent> = {}): NotificationEvent {
  return {
    key: `cluster-failed:c-${Math.random().toString(36).slice(2)}`,
    type: "cluster-failed",
    at: "2026-01-01T00:00:00.000Z",
    title: "train failed",
    message: "train failed: capacity.",
    cluster: { id: "c1", name: "train", status: "failed" },
    cost: null,
    details: {},
    ...over,
  };
}

describe.each(BACKENDS)("notification records on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => {
    await dispose?.();
  });

  it("preferences start at the defaults and keep only known events", async () => {
    const { db } = database;
    const user = await makeVerifiedUser(db);
    expect(await getPrefs(db, user.id)).toEqual(DEFAULT_PREFS);
    await setPrefs(db, user.id, {
      inbox: ["cluster-ready", "nonsense" as never],
      email: [],
      balanceLowHours: 4,
    });
    expect(await getPrefs(db, user.id)).toEqual({ inbox: ["cluster-ready"], email: [], balanceLowHours: 4 });
  });

  it("an event is recorded at most once per channel, even when emitted concurrently", async () => {
    const { db } = database;
    const user = await makeVerifiedUser(db);
    const hook = await createWebhook(
      db,
      user.id,
      { url: "https://hooks.example.com/a", events: ["cluster-failed"], format: "json" },
      SECRET,
    );
    if ("error" in hook) throw new Error(hook.error);
    const other = await createWebhook(
      db,
      user.id,
      { url: "https://hooks.example.com/b", events: ["cluster-ready"], format: "slack" },
      SECRET,
    );
    if ("error" in other) throw new Error(other.error);
    const e = event();
    const results = await Promise.all([1, 2, 3].map(() => emitEvent(db, user.id, e, { emailEnabled: true })));
    // Email (failed is in the email defaults) and the one webhook that takes failures; the other does not.
    expect(results.flatMap((r) => r.deliveries)).toHaveLength(2);
    expect(results.filter((r) => r.inbox)).toHaveLength(1);
    const again = await emitEvent(db, user.id, e, { emailEnabled: true });
    expect(again).toEqual({ inbox: false, deliveries: [] });
    const rows = await db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, user.id));
    expect(rows.map((r) => r.target).sort()).toEqual(["email", hook.webhook.id].sort());
    expect((await inboxView(db, user.id)).items.map((i) => i.message)).toEqual(["train failed: capacity."]);
  });

  it("preferences choose the channels: email off and inbox off record nothing there", async () => {
    const { db } = database;
    const user = await makeVerifiedUser(db);
    await setPrefs(db, user.id, { inbox: [], email: [], balanceLowHours: 2 });
    expect(await emitEvent(db, user.id, event(), { emailEnabled: true })).toEqual({
      inbox: false,
      deliveries: [],
    });
    const noSmtp = await makeVerifiedUser(db);
    expect((await emitEvent(db, noSmtp.id, event(), { emailEnabled: false })).deliveries).toEqual([]);
  });

  it("the inbox counts unread, lists newest first and marks read only the user's own entries", async () => {
    const { db } = database;
    const user = await makeVerifiedUser(db);
    const stranger = await makeVerifiedUser(db);
    for (const [i, at] of [
      "2026-01-01T00:00:00.000Z",
      "2026-01-01T02:00:00.000Z",
      "2026-01-01T01:00:00.000Z",
    ].entries()) {
      await emitEvent(db, user.id, event({ at, message: `m${i}` }), { emailEnabled: false });
    }
    let view = await inboxView(db, user.id);
    expect(view.unread).toBe(3);
    expect(view.items.map((i) => i.message)).toEqual(["m1", "m2", "m0"]);
    expect(await markInboxRead(db, stranger.id, [view.items[0]!.id])).toBe(0);
    expect(await markInboxRead(db, user.id, [view.items[0]!.id])).toBe(1);
    view = await inboxView(db, user.id);
    expect(view.unread).toBe(2);
    expect(view.items[0]!.read).toBe(true);
    expect(await markInboxRead(db, user.id, null)).toBe(2);
    expect((await inboxView(db, user.id)).unread).toBe(0);
  });

  it("a webhook's secret is stored sealed, opens for delivery, and the hook belongs to its user", async () => {
    const { db } = database;
    const user = await makeVerifiedUser(db);
    const stranger = await makeVerifiedUser(db);
    const made = await createWebhook(
      db,
      user.id,
      { url: "https://hooks.example.com/x", events: ["cluster-ready"], format: "json" },
      SECRET,
    );
    if ("error" in made) throw new Error(made.error);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [row] = await db.select().from(webhooks).where(eq(webhooks.id, made.webhook.id));
    expect(JSON.stringify(row)).not.toContain(made.secret);
    expect(JSON.stringify(await listWebhooks(db, user.id))).not.toContain(made.secret);
    expect((await webhookForDelivery(db, made.webhook.id, SECRET))?.secret).toBe(made.secret);
    expect(await deleteWebhook(db, stranger.id, made.webhook.id)).toBe(false);
    expect(await deleteWebhook(db, user.id, made.webhook.id)).toBe(true);
    expect(await webhookForDelivery(db, made.webhook.id, SECRET)).toBeNull();
  });

  it("a Slack or Discord address is stored sealed and shown by its origin only; the delivery gets it whole", async () => {
    const { db } = database;
    const user = await makeVerifiedUser(db);
    const slackUrl = "https://hooks.slack.com/services/T0ABCDEF/B0GHIJKL/s3cr3tTokenValue";
    const discordUrl = "https://discord.com/api/webhooks/1234567890/d1sc0rdT0ken";
    const jsonUrl = "https://receiver.example.com/hooks/clusterdeck";
    const made = [];
    for (const [url, format] of [
      [slackUrl, "slack"],
      [discordUrl, "json"],
      [jsonUrl, "json"],
    ] as const) {
      const m = await createWebhook(db, user.id, { url, events: ["cluster-ready"], format }, SECRET);
      if ("error" in m) throw new Error(m.error);
      made.push(m);
    }
    const rows = await db.select().from(webhooks).where(eq(webhooks.userId, user.id));
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain("s3cr3tTokenValue");
    expect(stored).not.toContain("d1sc0rdT0ken");
    expect(made.map((m) => m.webhook.url)).toEqual([
      "https://hooks.slack.com/…",
      "https://discord.com/…",
      jsonUrl,
    ]);
    expect((await listWebhooks(db, user.id)).map((h) => h.url)).toEqual([
      "https://hooks.slack.com/…",
      "https://discord.com/…",
      jsonUrl,
    ]);
    const delivered = await Promise.all(made.map((m) => webhookForDelivery(db, m.webhook.id, SECRET)));
    expect(delivered.map((d) => d?.url)).toEqual([slackUrl, discordUrl, jsonUrl]);
    expect(delivered.map((d) => d?.secret)).toEqual(made.map((m) => m.secret));
  });

  it("a webhook saved before addresses were sealed is delivered to as it is, and re-sealing seals its address", async () => {
    const { db } = database;
    const user = await makeVerifiedUser(db);
    const url = "https://hooks.slack.com/services/T0OLD/B0OLD/oldTokenValue";
    const id = crypto.randomUUID();
    // The earlier format: the secret alone sealed (format 1), the full address in the clear.
    const sealed = seal(
      "whsec_old",
      SECRET.current,
      1,
      `clusterdeck/webhook-secret/v1/user:${user.id}/webhook:${id}`,
    );
    await db.insert(webhooks).values({
      id,
      userId: user.id,
      url,
      events: ["cluster-ready"],
      format: "slack",
      secretCiphertext: sealed.ciphertext,
      secretIv: sealed.iv,
      secretTag: sealed.tag,
      secretVersion: 1,
    });
    expect((await listWebhooks(db, user.id)).map((h) => h.url)).toEqual(["https://hooks.slack.com/…"]);
    expect(await webhookForDelivery(db, id, SECRET)).toEqual({ url, format: "slack", secret: "whsec_old" });

    expect((await resealWebhookSecrets(db, SECRET)).resealed).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
    expect(row!.secretVersion).toBe(2);
    expect(JSON.stringify(row)).not.toContain("oldTokenValue");
    expect(row!.url).toBe("https://hooks.slack.com/…");
    expect(await webhookForDelivery(db, id, SECRET)).toEqual({ url, format: "slack", secret: "whsec_old" });
  });

  it("key rotation: a secret sealed with the previous key opens, and re-sealing lets the previous key go", async () => {
    const { db } = database;
    const user = await makeVerifiedUser(db);
    const oldRing: KeyRing = { current: randomBytes(32), previous: [] };
    const newRing: KeyRing = { current: randomBytes(32), previous: [oldRing.current] };
    const newOnly: KeyRing = { current: newRing.current, previous: [] };
    const made = await createWebhook(
      db,
      user.id,
      { url: "https://hooks.example.com/r", events: ["cluster-ready"], format: "json" },
      oldRing,
    );
    if ("error" in made) throw new Error(made.error);
    await expect(webhookForDelivery(db, made.webhook.id, newOnly)).rejects.toBeInstanceOf(DecryptionError);
    expect((await webhookForDelivery(db, made.webhook.id, newRing))?.secret).toBe(made.secret);

    const first = await resealWebhookSecrets(db, newRing);
    expect(first.resealed).toBeGreaterThanOrEqual(1);
    expect((await webhookForDelivery(db, made.webhook.id, newOnly))?.secret).toBe(made.secret);
    // Nothing left to do once everything opens with the current key; a secret no key opens is counted, not changed.
    const unknown: KeyRing = { current: randomBytes(32), previous: [] };
    const before = await db.select().from(webhooks).where(eq(webhooks.id, made.webhook.id));
    const lost = await resealWebhookSecrets(db, unknown);
    expect(lost.unreadable).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(webhooks).where(eq(webhooks.id, made.webhook.id))).toEqual(before);
    expect((await resealWebhookSecrets(db, newOnly)).resealed).toBe(0);
  });
});
