import "server-only";
import type { PgBoss } from "pg-boss";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { teamInvites, teams, users } from "@/lib/server/db/schema";
import { seal } from "@/lib/server/crypto/aes-gcm";
import { CURRENT_FORMAT, openWithRing, type KeyRing } from "@/lib/server/crypto/key-ring";
import { ensureQueue, MAIL_QUEUE_OPTIONS, workEach } from "@/lib/server/jobs/engine";
import { log } from "@/lib/server/log";
import { emailConfig, escapeHtml, sendMessage } from "@/lib/server/email";
import { formatDateTime } from "@/lib/format/date";
import { ROLE_MEANS, ROLE_WORD } from "@/lib/teams/roles";
import { invitePath } from "@/lib/teams/schemas";

/**
 * An invite sent by email as well as shown to the admin: a job on the job queue mails the link, so the action answers
 * at once and a failed send is retried. The job carries the link's token sealed with the instance's secret (bound to
 * the invite's id), never in the clear: only its hash is stored with the invite. An invite revoked, accepted or expired
 * before the job runs is not sent.
 */

export const INVITE_EMAIL_QUEUE = "invite-email";

type InviteEmailJob = {
  inviteId: string;
  appUrl: string;
  token: { ciphertext: string; iv: string; tag: string };
};

const inviteLog = log.child({ area: "teams" });
const aad = (inviteId: string) => `clusterdeck/invite-email/v1/invite:${inviteId}`;

export function ensureInviteEmailQueue(boss: PgBoss): Promise<void> {
  return ensureQueue(boss, INVITE_EMAIL_QUEUE, MAIL_QUEUE_OPTIONS);
}

export async function queueInviteEmail(
  boss: PgBoss,
  ring: KeyRing,
  o: { inviteId: string; token: string; appUrl: string },
): Promise<void> {
  await ensureInviteEmailQueue(boss);
  const { ciphertext, iv, tag } = seal(o.token, ring.current, CURRENT_FORMAT, aad(o.inviteId));
  const job: InviteEmailJob = { inviteId: o.inviteId, appUrl: o.appUrl, token: { ciphertext, iv, tag } };
  await boss.send(INVITE_EMAIL_QUEUE, job);
}

export function inviteEmail(o: {
  teamName: string;
  inviter: string | null;
  role: "admin" | "member" | "viewer";
  link: string;
  expiresAt: Date;
}) {
  const who = o.inviter ?? "A team admin";
  const line = `${who} invited you to join the team “${o.teamName}” on Clusterdeck as ${ROLE_WORD[o.role].toLowerCase()}: you can ${ROLE_MEANS[o.role]}.`;
  const after = `The link works once, for this address, until ${formatDateTime(o.expiresAt)}. Sign in or create an account with this address to accept it. If you did not expect it, ignore this message.`;
  return {
    subject: `[Clusterdeck] ${who} invited you to ${o.teamName}`,
    text: [line, "", o.link, "", after].join("\n"),
    html:
      `<p>${escapeHtml(line)}</p>` +
      `<p><a href="${escapeHtml(o.link)}">Open the invite</a></p>` +
      `<p style="color:#666;font-size:12px">${escapeHtml(after)}</p>`,
  };
}

/** Sends one queued invite, if it still waits. A failed send throws, and the queue tries again. */
export async function sendInviteEmail(db: Db, ring: KeyRing, job: InviteEmailJob, now = new Date()) {
  const cfg = emailConfig();
  if (!cfg) return;
  const [row] = await db
    .select({ invite: teamInvites, teamName: teams.name, inviter: users.email })
    .from(teamInvites)
    .innerJoin(teams, eq(teams.id, teamInvites.teamId))
    .leftJoin(users, eq(users.id, teamInvites.invitedBy))
    .where(eq(teamInvites.id, job.inviteId));
  const invite = row?.invite;
  if (!invite || invite.acceptedAt || invite.revokedAt || invite.expiresAt <= now) return;
  const token = openWithRing(ring, job.token, aad(job.inviteId)).plaintext;
  const link = new URL(invitePath(token), job.appUrl).toString();
  const mail = inviteEmail({
    teamName: row.teamName,
    inviter: row.inviter,
    role: invite.role,
    link,
    expiresAt: invite.expiresAt,
  });
  const sent = await sendMessage(cfg, invite.email, mail, `invite-${invite.id}`);
  if (!sent.ok) {
    inviteLog.warn({ inviteId: invite.id, error: sent.error }, "invite email not sent");
    throw new Error(`invite email not sent: ${sent.error ?? "unknown"}`);
  }
}

export async function startInviteEmailWorker(
  boss: PgBoss,
  db: Db,
  ring: KeyRing,
  o: { pollSeconds: number },
): Promise<void> {
  await ensureInviteEmailQueue(boss);
  await workEach<InviteEmailJob>(boss, INVITE_EMAIL_QUEUE, o.pollSeconds, (job) =>
    sendInviteEmail(db, ring, job),
  );
}
