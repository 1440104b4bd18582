import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/server/db/client";
import { teamInvites } from "@/lib/server/db/schema";
import {
  acceptInvite,
  createInvite,
  findInvite,
  invitePage,
  pendingInvites,
  revokeInvite,
} from "@/lib/teams/server/invites-store";
import { createTeam, membershipOf, teamsOf } from "@/lib/teams/server/teams-store";
import { BACKENDS } from "./support/backends";
import { makeUser } from "./support/fixtures";

const DAY = 86_400_000;

describe.each(BACKENDS)("team invites on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  it("a link joins the invited address once, with its role; only the token's hash is kept", async () => {
    const { db } = database;
    const [owner, ada] = [await makeUser(db), await makeUser(db)];
    const team = await createTeam(db, owner.id, "Research");
    const { token, invite } = await createInvite(db, {
      teamId: team.teamId,
      email: ` ${ada.email.toUpperCase()} `,
      role: "member",
      invitedBy: owner.id,
      days: 7,
    });
    expect(invite).toMatchObject({ email: ada.email, role: "member", invitedBy: owner.email });
    const [row] = await db.select().from(teamInvites).where(eq(teamInvites.id, invite.id));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await pendingInvites(db, team.teamId)).toEqual([invite]);
    expect(await invitePage(db, token, ada)).toMatchObject({
      state: "open",
      teamName: "Research",
      role: "member",
    });

    // Two accepts of one link at once: one joins.
    const both = await Promise.all([acceptInvite(db, token, ada), acceptInvite(db, token, ada)]);
    expect(both.filter((r) => r.ok)).toEqual([
      { ok: true, team: { teamId: team.teamId, name: "Research", personal: false, role: "member" } },
    ]);
    expect((await membershipOf(db, team.teamId, ada.id))?.role).toBe("member");
    expect(await acceptInvite(db, token, ada)).toEqual({ ok: false, reason: "accepted" });
    expect(await pendingInvites(db, team.teamId)).toEqual([]);
    expect(await invitePage(db, token, ada)).toEqual({ state: "member", teamName: "Research" });
    const outsider = await makeUser(db);
    expect(await invitePage(db, token, outsider)).toMatchObject({
      state: "gone",
      title: "This invite has already been used",
    });
  });

  it("refuses another address, a revoked, an expired and a malformed link, changing nothing", async () => {
    const { db } = database;
    const [owner, ada, bo] = [await makeUser(db), await makeUser(db), await makeUser(db)];
    const team = await createTeam(db, owner.id, "Infra");
    const at = { teamId: team.teamId, role: "viewer" as const, invitedBy: owner.id, days: 7 };
    const forAda = await createInvite(db, { ...at, email: ada.email });

    expect(await acceptInvite(db, forAda.token, bo)).toEqual({ ok: false, reason: "wrong_email" });
    expect(await invitePage(db, forAda.token, bo)).toEqual({ state: "wrong-email", email: ada.email });
    expect(await acceptInvite(db, "x".repeat(43), ada)).toEqual({ ok: false, reason: "unknown" });
    expect(await acceptInvite(db, "not a token", ada)).toEqual({ ok: false, reason: "unknown" });

    // Another team's admin cannot revoke it; its own can, once.
    const other = await createTeam(db, bo.id, "Other");
    expect(await revokeInvite(db, other.teamId, forAda.invite.id)).toBeNull();
    expect(await revokeInvite(db, team.teamId, forAda.invite.id)).toMatchObject({ email: ada.email });
    expect(await revokeInvite(db, team.teamId, forAda.invite.id)).toBeNull();
    expect(await acceptInvite(db, forAda.token, ada)).toEqual({ ok: false, reason: "revoked" });

    const now = new Date();
    const later = await createInvite(db, { ...at, email: ada.email }, now);
    expect((await findInvite(db, later.token, new Date(now.getTime() + 7 * DAY - 1))).state).toBe("pending");
    expect(await acceptInvite(db, later.token, ada, new Date(now.getTime() + 7 * DAY))).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await membershipOf(db, team.teamId, ada.id)).toBeNull();
    expect((await teamsOf(db, ada.id)).filter((t) => !t.personal)).toEqual([]);
  });

  it("inviting an address again replaces its earlier link; a member's invite leaves their role as it is", async () => {
    const { db } = database;
    const [owner, ada] = [await makeUser(db), await makeUser(db)];
    const team = await createTeam(db, owner.id, "Again");
    const at = { teamId: team.teamId, invitedBy: owner.id, days: 7, email: ada.email };
    const first = await createInvite(db, { ...at, role: "viewer" });
    const second = await createInvite(db, { ...at, role: "admin" });
    expect(await acceptInvite(db, first.token, ada)).toEqual({ ok: false, reason: "revoked" });
    expect((await pendingInvites(db, team.teamId)).map((i) => i.role)).toEqual(["admin"]);
    expect((await acceptInvite(db, second.token, ada)).ok).toBe(true);

    const third = await createInvite(db, { ...at, role: "viewer" });
    expect(await invitePage(db, third.token, ada)).toEqual({ state: "member", teamName: "Again" });
    expect(await acceptInvite(db, third.token, ada)).toEqual({ ok: false, reason: "already_member" });
    expect((await membershipOf(db, team.teamId, ada.id))?.role).toBe("admin");
  });
});
