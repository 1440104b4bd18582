import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/server/db/client";
import { findOrCreateExternalUser, findUserByEmail } from "@/lib/accounts/server/users";
import { SIGN_UP_CLOSED } from "@/lib/accounts/messages";
import { externalSignInError } from "@/lib/accounts/external-errors";
import { createTeam } from "@/lib/teams/server/teams-store";
import { createInvite, revokeInvite } from "@/lib/teams/server/invites-store";
import { BACKENDS } from "../db/support/backends";

// This file's server has no SIGN_UP, the default of a new install (the suite's setting, open, is removed before
// env() first reads it).
delete process.env.SIGN_UP;
const { registerUser } = await import("@/lib/accounts/server/sign-up");
const { newAccountRefusal, signUpMode, signUpModeInForce, storeSignUpMode } =
  await import("@/lib/accounts/server/sign-up-mode");
const { instanceOverview, instanceView } = await import("@/lib/instance/server/instance-admin");
const { instanceAdminId } = await import("@/lib/accounts/server/instance-admin");

const STRONG = "unicorn-lantern-7-brisk";
const ADDRESS = "10.9.0.1";

describe.each(BACKENDS)("who may make an account, on $name", (backend) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let ownerId: string;
  let teamId: string;
  beforeAll(async () => {
    ({ database, dispose } = await backend.create());
  });
  afterAll(async () => dispose());

  it("unset, an instance is open until its first account and by invitation after it", async () => {
    const { db } = database;
    expect(await signUpMode(db)).toBe("open");
    const first = await registerUser(
      db,
      { email: "first@example.com", name: null, password: STRONG },
      ADDRESS,
    );
    expect(first).toEqual({ ok: true, outcome: "created" });
    expect(await signUpMode(db)).toBe("invite");

    const second = await registerUser(
      db,
      { email: "walk-in@example.com", name: null, password: STRONG },
      ADDRESS,
    );
    expect(second).toEqual({ ok: false, reason: "sign_up_closed", message: SIGN_UP_CLOSED.invite });
    expect(await findUserByEmail(db, "walk-in@example.com")).toBeNull();
    ownerId = (await findUserByEmail(db, "first@example.com"))!.id;
    teamId = (await createTeam(db, ownerId, "Research")).teamId;
  });

  it("by invitation, an address with a waiting invite signs up; a revoked or expired one does not", async () => {
    const { db } = database;
    await createInvite(db, {
      teamId,
      email: "Invited@Example.com",
      role: "member",
      invitedBy: ownerId,
      days: 7,
    });
    expect(
      await registerUser(db, { email: "invited@example.com", name: null, password: STRONG }, ADDRESS),
    ).toEqual({ ok: true, outcome: "created" });

    const { invite } = await createInvite(db, {
      teamId,
      email: "revoked@example.com",
      role: "viewer",
      invitedBy: ownerId,
      days: 7,
    });
    await revokeInvite(db, teamId, invite.id);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await createInvite(
      db,
      { teamId, email: "late@example.com", role: "member", invitedBy: ownerId, days: 7 },
      eightDaysAgo,
    );
    for (const email of ["revoked@example.com", "late@example.com"]) {
      expect(await registerUser(db, { email, name: null, password: STRONG }, ADDRESS), email).toMatchObject({
        ok: false,
        reason: "sign_up_closed",
      });
      expect(await findUserByEmail(db, email), email).toBeNull();
    }
  });

  it("a first GitHub/OIDC sign-in makes an account only where a password sign-up could", async () => {
    const { db } = database;
    const refusal = (email: string) => newAccountRefusal(db, email);
    const stranger = await findOrCreateExternalUser(
      db,
      { provider: "oidc", providerAccountId: "sub-1", email: "stranger@example.com", name: null },
      refusal,
    );
    expect(stranger).toEqual({ ok: false, reason: "sign_up_closed" });
    expect(await findUserByEmail(db, "stranger@example.com")).toBeNull();
    expect(externalSignInError("SignUpClosed")).toMatch(/need an invite/);

    // A claimed address is checked like a typed one, before anything else: no account from a malformed or huge one.
    for (const [i, email] of [
      "not-an-email",
      `${"a".repeat(250)}@example.com`,
      "a b@example.com",
    ].entries()) {
      const odd = await findOrCreateExternalUser(
        db,
        { provider: "oidc", providerAccountId: `odd-${i}`, email, name: null },
        () => Promise.resolve(null),
      );
      expect(odd, email).toEqual({ ok: false, reason: "bad_email" });
    }
    expect(externalSignInError("BadEmail")).toMatch(/can't use for an account/);

    await createInvite(db, { teamId, email: "sso@example.com", role: "member", invitedBy: ownerId, days: 7 });
    const invited = await findOrCreateExternalUser(
      db,
      { provider: "oidc", providerAccountId: "sub-2", email: "SSO@example.com", name: null },
      refusal,
    );
    expect(invited).toMatchObject({ ok: true, user: { email: "sso@example.com" } });
  });

  it("SIGN_UP decides when set: off refuses even an invited address, open takes anyone", async () => {
    const { db } = database;
    await createInvite(db, {
      teamId,
      email: "closed@example.com",
      role: "member",
      invitedBy: ownerId,
      days: 7,
    });
    expect(await newAccountRefusal(db, "closed@example.com", { configured: "off" })).toEqual({
      reason: "sign_up_closed",
      message: SIGN_UP_CLOSED.off,
    });
    expect(await newAccountRefusal(db, "closed@example.com", { configured: "invite" })).toBeNull();
    expect(await newAccountRefusal(db, "anyone@example.com", { configured: "invite" })).toMatchObject({
      reason: "sign_up_closed",
    });
    expect(await newAccountRefusal(db, "anyone@example.com", { configured: "open" })).toBeNull();
    expect(await signUpMode(db, "off")).toBe("off");
  });

  it("the administrator's choice decides while SIGN_UP is unset, and SIGN_UP wins over it", async () => {
    const { db } = database;
    expect(await signUpModeInForce(db, undefined)).toEqual({ mode: "invite", source: "default" });
    await storeSignUpMode(db, "off", ownerId);
    expect(await signUpModeInForce(db, undefined)).toEqual({ mode: "off", source: "console" });
    expect(await newAccountRefusal(db, "closed@example.com", { configured: undefined })).toEqual({
      reason: "sign_up_closed",
      message: SIGN_UP_CLOSED.off,
    });
    expect(await signUpModeInForce(db, "open")).toEqual({ mode: "open", source: "environment" });
    await storeSignUpMode(db, "open", ownerId);
    expect(await newAccountRefusal(db, "walk-in@example.com", { configured: undefined })).toBeNull();
    // Back to the default: one row, whatever was chosen before.
    await storeSignUpMode(db, null, ownerId);
    expect(await signUpModeInForce(db, undefined)).toEqual({ mode: "invite", source: "default" });
  });

  it("the first account administers the instance: every shared team's members, no personal team, no key", async () => {
    const { db } = database;
    expect(await instanceAdminId(db)).toBe(ownerId);
    const later = (await findUserByEmail(db, "invited@example.com"))!;
    expect(await instanceView(db, later.id)).toBeNull();
    const view = await instanceView(db, ownerId);
    expect(view?.signUp).toEqual({ mode: "invite", source: "default" });
    const overview = await instanceOverview(db);
    expect(overview.accounts).toBe(view?.accounts);
    expect(overview.teams.map((t) => [t.name, t.members])).toEqual([
      ["Research", [{ email: "first@example.com", name: null, role: "owner" }]],
    ]);
    expect(JSON.stringify(overview)).not.toMatch(/rc_live|ciphertext|apiKey/);
  });
});
