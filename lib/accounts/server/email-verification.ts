import "server-only";
import type { PgBoss } from "pg-boss";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { emailVerifications, users } from "@/lib/server/db/schema";
import { hashLinkToken, LINK_TOKEN_PATTERN, newLinkToken } from "@/lib/server/crypto/link-token";
import { ensureQueue, MAIL_QUEUE_OPTIONS, workEach } from "@/lib/server/jobs/engine";
import { log } from "@/lib/server/log";
import { emailConfig, escapeHtml, sendMessage } from "@/lib/server/email";
import { verifyPath } from "@/lib/accounts/email-verification";

/**
 * Verifying a person's email address: a link sent there proves they read mail at it. Until then no email
 * notification goes to it (lib/notifications/server/store.ts), so an account made with someone else's address cannot
 * send them mail. The link is single use, for a day, for that address only, and only its hash is kept. It is sent by
 * a job on the job queue, not in the request: the request answers at once, and a failed send is retried.
 */

export const VERIFY_QUEUE = "email-verification";
export const VERIFY_HOURS = 24;

const verifyLog = log.child({ area: "accounts" });

export type EmailStatus = { email: string; verifiedAt: Date | null };

export async function emailStatus(db: Db, userId: string): Promise<EmailStatus | null> {
  const [row] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * An identity provider vouches for the address (OIDC's `email_verified` on a sign-in): it counts as verified here
 * too, if it is still the account's address. Returns whether this changed anything.
 */
export async function markEmailVerified(db: Db, userId: string, email: string, now = new Date()) {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A new link for the person's current address, or null when it is verified already (or the account is gone). */
export async function createVerification(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<{ token: string; email: string } | null> {
  const status = await emailStatus(db, userId);
  if (!status || status.verifiedAt) return null;
  const token = newLinkToken();
  await db.insert(emailVerifications).values({
    userId,
    email: status.email,
    tokenHash: hashLinkToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFY_HOURS * 3_600_000),
  });
  return { token, email: status.email };
}

export type VerifyResult =
  | { ok: true; email: string }
  | { ok: false; reason: "invalid" | "expired" | "used" | "changed" | "other_account" };

/**
 * Uses a link, for the signed-in `userId`: their address is verified if the link is theirs, known, unused, unexpired
 * and for the address the account has now. Once, even when two requests use it at the same moment (the row is locked).
 */
export async function verifyEmail(
  db: Db,
  token: string,
  userId: string,
  now = new Date(),
): Promise<VerifyResult> {
  if (!LINK_TOKEN_PATTERN.test(token)) return { ok: false, reason: "invalid" };
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.tokenHash, hashLinkToken(token)))
      .for("update");
    if (!link) return { ok: false, reason: "invalid" } as const;
    if (link.userId !== userId) return { ok: false, reason: "other_account" } as const;
    if (link.usedAt) return { ok: false, reason: "used" } as const;
    if (link.expiresAt <= now) return { ok: false, reason: "expired" } as const;
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, link.userId));
    if (!user || user.email !== link.email) return { ok: false, reason: "changed" } as const;
    await tx.update(emailVerifications).set({ usedAt: now }).where(eq(emailVerifications.id, link.id));
    await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, link.userId), isNull(users.emailVerifiedAt)));
    return { ok: true, email: link.email } as const;
  });
}

/** Whether a link sent to the person's address still works: unused and unexpired (the page says so). */
export async function verificationWaiting(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: emailVerifications.id })
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, userId),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, now),
      ),
    )
    .limit(1);
  return !!row;
}

// ───────────────────────────── the job that sends the link ─────────────────────────────

export function ensureVerifyQueue(boss: PgBoss): Promise<void> {
  return ensureQueue(boss, VERIFY_QUEUE, MAIL_QUEUE_OPTIONS);
}

/** Queues the sending of a link to the person's address; `appUrl` is the console's origin the link points to. */
export async function requestVerification(boss: PgBoss, userId: string, appUrl: string): Promise<void> {
  await ensureVerifyQueue(boss);
  await boss.send(VERIFY_QUEUE, { userId, appUrl }, { singletonKey: userId, singletonSeconds: 60 });
}

export function verificationEmail(link: string) {
  return {
    subject: "[Clusterdeck] Verify your email address",
    text: [
      "Open this link to verify your address; Clusterdeck sends email notifications only to a verified address:",
      "",
      link,
      "",
      `It works once, for ${VERIFY_HOURS} hours. If you did not ask for it, ignore this message.`,
    ].join("\n"),
    html:
      "<p>Open this link to verify your address; Clusterdeck sends email notifications only to a verified address:</p>" +
      `<p><a href="${escapeHtml(link)}">Verify my email address</a></p>` +
      `<p style="color:#666;font-size:12px">It works once, for ${VERIFY_HOURS} hours. If you did not ask for it, ignore this message.</p>`,
  };
}

/** Sends one queued link: makes it, then mails it. A failed send throws, and the queue tries again. */
export async function sendVerification(db: Db, job: { userId: string; appUrl: string }): Promise<void> {
  const cfg = emailConfig();
  if (!cfg) return;
  const made = await createVerification(db, job.userId);
  if (!made) return;
  const link = new URL(verifyPath(made.token), job.appUrl).toString();
  const sent = await sendMessage(
    cfg,
    made.email,
    verificationEmail(link),
    `verify-${hashLinkToken(made.token)}`,
  );
  if (!sent.ok) {
    verifyLog.warn({ userId: job.userId, error: sent.error }, "verification email not sent");
    throw new Error(`verification email not sent: ${sent.error ?? "unknown"}`);
  }
}

export async function startVerificationWorker(
  boss: PgBoss,
  db: Db,
  o: { pollSeconds: number },
): Promise<void> {
  await ensureVerifyQueue(boss);
  await workEach<{ userId: string; appUrl: string }>(boss, VERIFY_QUEUE, o.pollSeconds, (job) =>
    sendVerification(db, job),
  );
}
