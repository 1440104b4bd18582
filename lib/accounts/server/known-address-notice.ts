import "server-only";
import type { PgBoss } from "pg-boss";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { ensureQueue, MAIL_QUEUE_OPTIONS, workEach } from "@/lib/server/jobs/engine";
import { log } from "@/lib/server/log";
import { emailConfig, escapeHtml, sendMessage } from "@/lib/server/email";

/**
 * A sign-up with an address that already has an account answers exactly like one that made an account
 * (sign-up.ts), so the form cannot tell a stranger who has an account here. The owner of the address is told instead,
 * by email: someone (perhaps they, having forgotten) tried to make a second account with it. Only a verified address
 * is written to (the rule every email here follows), at most once an hour, by a job on the queue so the request
 * answers in the same time either way.
 */

export const KNOWN_ADDRESS_QUEUE = "sign-up-known-address";
const NOTICE_EVERY_SECONDS = 3600;

const noticeLog = log.child({ area: "accounts" });

type NoticeJob = { userId: string; appUrl: string };

export function ensureKnownAddressQueue(boss: PgBoss): Promise<void> {
  return ensureQueue(boss, KNOWN_ADDRESS_QUEUE, MAIL_QUEUE_OPTIONS);
}

/** Queues the notice for the account that has the address; nothing when this Clusterdeck sends no email. */
export async function requestKnownAddressNotice(boss: PgBoss, userId: string, appUrl: string): Promise<void> {
  if (!emailConfig()) return;
  await ensureKnownAddressQueue(boss);
  await boss.send(KNOWN_ADDRESS_QUEUE, { userId, appUrl } satisfies NoticeJob, {
    singletonKey: userId,
    singletonSeconds: NOTICE_EVERY_SECONDS,
  });
}

export function knownAddressEmail(signInLink: string) {
  const lines = [
    "Someone tried to create a Clusterdeck account with this email address, which already has one.",
    "If it was you, sign in with your existing account's password:",
  ];
  const after =
    "If it was not you, you need do nothing: no account was created and nothing about yours changed.";
  return {
    subject: "[Clusterdeck] This address already has an account",
    text: [...lines, "", signInLink, "", after].join("\n"),
    html:
      lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("") +
      `<p><a href="${escapeHtml(signInLink)}">Sign in to Clusterdeck</a></p>` +
      `<p style="color:#666;font-size:12px">${escapeHtml(after)}</p>`,
  };
}

/** Sends one queued notice. A failed send throws, and the queue tries again. */
export async function sendKnownAddressNotice(db: Db, job: NoticeJob, now = new Date()): Promise<boolean> {
  const cfg = emailConfig();
  if (!cfg) return false;
  const [user] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, job.userId));
  if (!user?.verifiedAt) return false;
  const link = new URL("/sign-in", job.appUrl).toString();
  const hour = Math.floor(now.getTime() / (NOTICE_EVERY_SECONDS * 1000));
  const sent = await sendMessage(
    cfg,
    user.email,
    knownAddressEmail(link),
    `known-address-${job.userId}-${hour}`,
  );
  if (!sent.ok) {
    noticeLog.warn({ userId: job.userId, error: sent.error }, "known-address notice not sent");
    throw new Error(`known-address notice not sent: ${sent.error ?? "unknown"}`);
  }
  return true;
}

export async function startKnownAddressWorker(
  boss: PgBoss,
  db: Db,
  o: { pollSeconds: number },
): Promise<void> {
  await ensureKnownAddressQueue(boss);
  await workEach<NoticeJob>(boss, KNOWN_ADDRESS_QUEUE, o.pollSeconds, async (job) => {
    await sendKnownAddressNotice(db, job);
  });
}
