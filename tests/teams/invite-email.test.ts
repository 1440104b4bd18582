import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { seal } from "@/lib/server/crypto/aes-gcm";
import type { KeyRing } from "@/lib/server/crypto/key-ring";
import type { Database } from "@/lib/server/db/client";
import { sendInviteEmail } from "@/lib/teams/server/invite-email";
import { acceptInvite, createInvite, revokeInvite } from "@/lib/teams/server/invites-store";
import { createTeam } from "@/lib/teams/server/teams-store";
import { BACKENDS } from "../db/support/backends";
import { makeUser } from "../db/support/fixtures";
import { startSmtp } from "../notifications/support/receivers";

/**
 * An invite mailed by the job queue: the link in the mail opens the invite (its token travelled sealed, bound to the
 * invite); an invite revoked before the job runs is not sent, and a job whose sealed token belongs to another invite
 * sends nothing.
 */

const ring: KeyRing = { current: randomBytes(32), previous: [] };
const sealFor = (inviteId: string, token: string) => {
  const { ciphertext, iv, tag } = seal(
    token,
    ring.current,
    2,
    `clusterdeck/invite-email/v1/invite:${inviteId}`,
  );
  return { ciphertext, iv, tag };
};

describe.each(BACKENDS)("invites by email on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const saved = { url: process.env.SMTP_URL, from: process.env.SMTP_FROM };
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
    smtp = await startSmtp();
    process.env.SMTP_URL = smtp.url;
    process.env.SMTP_FROM = "Clusterdeck <clusterdeck@test.example>";
  });
  afterAll(async () => {
    if (saved.url === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = saved.url;
    if (saved.from === undefined) delete process.env.SMTP_FROM;
    else process.env.SMTP_FROM = saved.from;
    await smtp.close();
    await dispose();
  });

  it("mails the invited address a link that opens the invite; a revoked invite or another invite's token sends nothing", async () => {
    const { db } = database;
    const [owner, guest] = [await makeUser(db), await makeUser(db)];
    const { teamId } = await createTeam(db, owner.id, "Vision");
    const { token, invite } = await createInvite(db, {
      teamId,
      email: guest.email,
      role: "viewer",
      invitedBy: owner.id,
      days: 7,
    });
    await sendInviteEmail(db, ring, {
      inviteId: invite.id,
      appUrl: "https://console.example.com",
      token: sealFor(invite.id, token),
    });
    const mine = smtp.messages.filter((m) => m.to.includes(guest.email));
    expect(mine).toHaveLength(1);
    const raw = mine[0]!.raw.replace(/=\r?\n/g, "");
    expect(raw).toContain(`Subject: [Clusterdeck] ${owner.email} invited you to Vision`);
    const mailed = /https:\/\/console\.example\.com\/invite\/([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
    expect(mailed).toBe(token);
    expect(await acceptInvite(db, mailed!, guest)).toMatchObject({ ok: true, team: { name: "Vision" } });

    // Revoked before its job ran: nothing goes out.
    const second = await createInvite(db, {
      teamId,
      email: `late-${guest.email}`,
      role: "member",
      invitedBy: owner.id,
      days: 7,
    });
    await revokeInvite(db, teamId, second.invite.id);
    await sendInviteEmail(db, ring, {
      inviteId: second.invite.id,
      appUrl: "https://console.example.com",
      token: sealFor(second.invite.id, second.token),
    });
    // Another invite's sealed token does not open for this one.
    const third = await createInvite(db, {
      teamId,
      email: `third-${guest.email}`,
      role: "member",
      invitedBy: owner.id,
      days: 7,
    });
    await expect(
      sendInviteEmail(db, ring, {
        inviteId: third.invite.id,
        appUrl: "https://console.example.com",
        token: sealFor(invite.id, third.token),
      }),
    ).rejects.toThrow();
    expect(smtp.messages.filter((m) => !m.to.includes(guest.email) && m.raw.includes("Vision"))).toEqual([]);
  });
});
