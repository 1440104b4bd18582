import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  createVerification,
  emailStatus,
  sendVerification,
  verificationWaiting,
  verifyEmail,
} from "@/lib/accounts/server/email-verification";
import { sendKnownAddressNotice } from "@/lib/accounts/server/known-address-notice";
import { emitEvent } from "@/lib/notifications/server/store";
import type { NotificationEvent } from "@/lib/vocabulary/notification-events";
import type { Database } from "@/lib/server/db/client";
import { emailVerifications, notificationDeliveries, users } from "@/lib/server/db/schema";
import { BACKENDS } from "../db/support/backends";
import { makeUser } from "../db/support/fixtures";
import { startSmtp } from "../notifications/support/receivers";

/**
 * An email address is verified by a link sent there before email notifications go to it: the link works once, for a
 * day, for its own account and the address it was sent to; until then events reach the inbox and not the mailbox.
 */

/** Runs `fn` with the app's email set to a local SMTP server, and puts the settings back after. */
async function withSmtp(fn: (smtp: Awaited<ReturnType<typeof startSmtp>>) => Promise<void>) {
  const smtp = await startSmtp();
  const saved = { url: process.env.SMTP_URL, from: process.env.SMTP_FROM };
  process.env.SMTP_URL = smtp.url;
  process.env.SMTP_FROM = "Clusterdeck <clusterdeck@test.example>";
  try {
    await fn(smtp);
  } finally {
    process.env.SMTP_URL = saved.url;
    process.env.SMTP_FROM = saved.from;
    if (saved.url === undefined) delete process.env.SMTP_URL;
    if (saved.from === undefined) delete process.env.SMTP_FROM;
    await smtp.close();
  }
}

const failed = (): NotificationEvent => ({
  key: `cluster-failed:c-${Math.random().toString(36).slice(2)}`,
  type: "cluster-failed",
  at: "2026-12-06T00:00:00.000Z",
  title: "train failed",
  message: "train failed: capacity.",
  cluster: { id: "c1", name: "train", status: "failed" },
  cost: null,
  details: {},
});

describe.each(BACKENDS)("verifying an email address on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  it("unverified, an event reaches the inbox but makes no email; verified, it makes one", async () => {
    const { db } = database;
    const user = await makeUser(db);
    const before = await emitEvent(db, user.id, failed(), { emailEnabled: true });
    expect(before).toEqual({ inbox: true, deliveries: [] });
    const made = await createVerification(db, user.id);
    expect(await verifyEmail(db, made!.token, user.id)).toEqual({ ok: true, email: user.email });
    const after = await emitEvent(db, user.id, failed(), { emailEnabled: true });
    expect(after.deliveries).toHaveLength(1);
    const rows = await db
      .select({ channel: notificationDeliveries.channel })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, user.id));
    expect(rows).toEqual([{ channel: "email" }]);
    // Verified already: no new link is made.
    expect(await createVerification(db, user.id)).toBeNull();
  });

  it("a link works once, only for its own account, only until it expires, only for the address it was sent to", async () => {
    const { db } = database;
    const [ada, bo] = [await makeUser(db), await makeUser(db)];
    const now = new Date("2026-12-06T10:00:00Z");
    const link = (await createVerification(db, ada.id, now))!;
    expect(await verificationWaiting(db, ada.id, now)).toBe(true);
    expect(await verifyEmail(db, link.token, bo.id, now)).toEqual({ ok: false, reason: "other_account" });
    expect(await verifyEmail(db, "x".repeat(43), ada.id, now)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyEmail(db, "not a token", ada.id, now)).toEqual({ ok: false, reason: "invalid" });
    const late = new Date(now.getTime() + 24 * 3_600_000 + 1);
    expect(await verifyEmail(db, link.token, ada.id, late)).toEqual({ ok: false, reason: "expired" });
    expect(await verificationWaiting(db, ada.id, late)).toBe(false);
    expect((await emailStatus(db, ada.id))?.verifiedAt).toBeNull();

    // Two uses at the same moment: one verifies, the other finds it used.
    const results = await Promise.all([
      verifyEmail(db, link.token, ada.id, now),
      verifyEmail(db, link.token, ada.id, now),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "used" }]);
    expect((await emailStatus(db, ada.id))?.verifiedAt).toEqual(now);

    // A link sent before the address changed verifies nothing.
    const old = (await createVerification(db, bo.id, now))!;
    await db
      .update(users)
      .set({ email: `new-${bo.email}` })
      .where(eq(users.id, bo.id));
    expect(await verifyEmail(db, old.token, bo.id, now)).toEqual({ ok: false, reason: "changed" });
    expect((await emailStatus(db, bo.id))?.verifiedAt).toBeNull();
    // Only the token's hash is kept.
    const stored = await db.select().from(emailVerifications).where(eq(emailVerifications.userId, bo.id));
    expect(JSON.stringify(stored)).not.toContain(old.token);
  });

  it("the queued job mails a link to the person's address that verifies it", async () => {
    const { db } = database;
    const user = await makeUser(db);
    await withSmtp(async (smtp) => {
      await sendVerification(db, { userId: user.id, appUrl: "https://console.example.com" });
      expect(smtp.messages.map((m) => m.to)).toEqual([[user.email]]);
      const raw = smtp.messages[0]!.raw.replace(/=\r?\n/g, "");
      const token = /https:\/\/console\.example\.com\/verify-email\/([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
      expect(token).toBeDefined();
      expect(await verifyEmail(db, token!, user.id)).toEqual({ ok: true, email: user.email });
      // Verified: a job still queued sends nothing more.
      await sendVerification(db, { userId: user.id, appUrl: "https://console.example.com" });
      expect(smtp.messages).toHaveLength(1);
    });
  });
});

describe.each(BACKENDS)(
  "the notice to an address someone tried to sign up with again, on $name",
  (backend) => {
    let database: Database;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ database, dispose } = await backend.create());
    });
    afterAll(async () => dispose());

    it("mails a verified address a sign-in link once per hour, and never an unverified one", async () => {
      const { db } = database;
      const [verified, unverified] = [await makeUser(db), await makeUser(db)];
      const link = (await createVerification(db, verified.id))!;
      await verifyEmail(db, link.token, verified.id);
      await withSmtp(async (smtp) => {
        const appUrl = "https://console.example.com";
        const at = new Date("2026-12-07T10:15:00Z");
        expect(await sendKnownAddressNotice(db, { userId: unverified.id, appUrl }, at)).toBe(false);
        expect(await sendKnownAddressNotice(db, { userId: verified.id, appUrl }, at)).toBe(true);
        expect(smtp.messages.map((m) => m.to)).toEqual([[verified.email]]);
        const raw = smtp.messages[0]!.raw.replace(/=\r?\n/g, "");
        expect(raw).toContain("already has one");
        expect(raw).toContain("https://console.example.com/sign-in");
        // Its Message-ID names the account and the hour: a retried send is one message in the mailbox.
        expect(raw).toMatch(
          new RegExp(`Message-ID:\\s*<known-address-${verified.id}-\\d+@clusterdeck>`, "i"),
        );
      });
    });
  },
);
