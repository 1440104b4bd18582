import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/accounts/server/session";
import { seedDataDir } from "../support/pglite-template";

/**
 * The account actions of Settings: only the instance's administrator (its first account) chooses who may sign up
 * (at once, audited; anyone else's attempt changes nothing), and a person verifies their own address with the link
 * mailed to it, not anyone else's. Links in mail point where the administrator says: their sign-in's origin, or their
 * choice on Settings → Instance; never where anyone else's request came to.
 */

const env = vi.hoisted(() => {
  process.env.CLUSTERDECK_ENCRYPTION_KEY = Buffer.alloc(32, 4).toString("base64");
  // A new install's default: no SIGN_UP, so the administrator's choice decides.
  delete process.env.SIGN_UP;
  return { session: null as SessionUser | null, host: "localhost:3000" };
});
// The request's Host, which a client chooses: a sign-in keeps it as the instance's origin for mail only for the
// administrator.
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: env.host }) }));
vi.mock("@/lib/accounts/server/session", () => ({
  getSessionUser: async () => env.session,
  requireUser: async () => {
    if (!env.session) throw new Error("redirect /sign-in");
    return env.session;
  },
  sessionUserId: async () => env.session?.id ?? null,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
// The module's sign-in actions need Auth.js, which this test does not run.
vi.mock("@/lib/accounts/server/config", () => ({ signIn: vi.fn(), signOut: vi.fn() }));
vi.mock("next-auth", () => ({ CredentialsSignin: class extends Error {} }));

describe("choosing who may sign up", () => {
  let dataDir: string;
  let actions: typeof import("@/lib/accounts/actions");
  let instance: typeof import("@/lib/instance/actions");
  let db: import("@/lib/server/db/client").Db;
  let mode: typeof import("@/lib/accounts/server/sign-up-mode");
  let listAudit: typeof import("@/lib/audit/server/audit-log").listAudit;
  const people = {} as Record<"admin" | "later", SessionUser>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "clusterdeck-instance-"));
    seedDataDir(dataDir);
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    actions = await import("@/lib/accounts/actions");
    instance = await import("@/lib/instance/actions");
    mode = await import("@/lib/accounts/server/sign-up-mode");
    ({ listAudit } = await import("@/lib/audit/server/audit-log"));
    const { getDb } = await import("@/lib/server/db/client");
    const { createUser } = await import("@/lib/accounts/server/users");
    db = await getDb();
    for (const who of ["admin", "later"] as const) {
      const made = await createUser(db, { email: `${who}@instance.example`, name: null, passwordHash: null });
      if (!made.ok) throw new Error("fixture");
      people[who] = { id: made.user.id, email: made.user.email, name: null };
    }
  });

  afterAll(async () => {
    const { getDatabase } = await import("@/lib/server/db/client");
    await (await getDatabase()).close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("anyone but the first account is refused, and nothing changes", async () => {
    env.session = people.later;
    expect(await instance.setSignUpModeAction({ mode: "open" })).toEqual({
      ok: false,
      kind: "forbidden",
      error: "Only the instance's administrator (its first account) chooses who may sign up.",
    });
    expect(await mode.signUpModeInForce(db)).toEqual({ mode: "invite", source: "default" });
    expect(await listAudit(db, people.later.id)).toEqual([]);
  });

  it("the administrator closes sign-up and opens it to the default again; each change is in their log", async () => {
    env.session = people.admin;
    expect(await instance.setSignUpModeAction({ mode: "off" })).toEqual({
      ok: true,
      data: { mode: "off", source: "console" },
    });
    expect(await mode.newAccountRefusal(db, "walk-in@instance.example")).toMatchObject({
      reason: "sign_up_closed",
    });
    expect(await instance.setSignUpModeAction({ mode: "default" })).toEqual({
      ok: true,
      data: { mode: "invite", source: "default" },
    });
    expect(await instance.setSignUpModeAction({ mode: "everyone" as never })).toMatchObject({
      ok: false,
      kind: "invalid-input",
    });
    expect((await listAudit(db, people.admin.id)).map((e) => [e.action, e.detail]).reverse()).toEqual([
      ["sign-up-mode-changed", "invite → off"],
      ["sign-up-mode-changed", "off → invite (the default)"],
    ]);
  });

  it("a person verifies their own address with its link, not another's; without SMTP no link is sent", async () => {
    const { createVerification, emailStatus } = await import("@/lib/accounts/server/email-verification");
    const link = (await createVerification(db, people.later.id))!;
    env.session = people.admin;
    expect(await actions.verifyEmailAction({ token: link.token })).toEqual({
      ok: false,
      kind: "forbidden",
      error: "This link verifies another account's address. Sign in with that account to use it.",
    });
    expect((await emailStatus(db, people.later.id))?.verifiedAt).toBeNull();
    env.session = people.later;
    expect(await actions.verifyEmailAction({ token: link.token })).toEqual({
      ok: true,
      data: { email: people.later.email },
    });
    expect(await actions.verifyEmailAction({ token: link.token })).toMatchObject({
      ok: false,
      error: "This link was used already.",
    });
    delete process.env.SMTP_URL;
    expect(await actions.sendVerificationEmailAction({})).toEqual({
      ok: false,
      kind: "conflict",
      error: "This Clusterdeck sends no email (SMTP_URL and SMTP_FROM are not set).",
    });
  });

  it("a sign-in keeps the administrator's origin for mail links once, and nobody else's", async () => {
    const { storedOrigin } = await import("@/lib/server/mail-origin");
    const signIn = (email: string) =>
      expect(actions.signInAction({ email, password: "a-long-enough-password" })).rejects.toThrow();
    env.host = "evil.example";
    await signIn(people.later.email);
    expect(await storedOrigin(db)).toBeNull();
    env.host = "console.example:3000";
    await signIn(people.admin.email);
    expect(await storedOrigin(db)).toBe("http://console.example:3000");
    env.host = "elsewhere.example";
    await signIn(people.admin.email);
    expect(await storedOrigin(db)).toBe("http://console.example:3000");
  });

  it("only the administrator changes the address in mail links, audited; AUTH_URL, when set, decides", async () => {
    const { storedOrigin } = await import("@/lib/server/mail-origin");
    const before = await storedOrigin(db);
    env.session = people.later;
    expect(await instance.setMailOriginAction({ origin: "https://evil.example" })).toMatchObject({
      ok: false,
      kind: "forbidden",
    });
    env.session = people.admin;
    for (const origin of [
      "javascript:alert(1)",
      "ftp://deck.example.com",
      "https://user:pw@deck.example.com",
      "",
    ])
      expect(await instance.setMailOriginAction({ origin })).toMatchObject({
        ok: false,
        kind: "invalid-input",
      });
    expect(await storedOrigin(db)).toBe(before);

    expect(
      await instance.setMailOriginAction({ origin: " https://deck.example.com/settings/instance " }),
    ).toEqual({
      ok: true,
      data: { origin: "https://deck.example.com" },
    });
    expect(await storedOrigin(db)).toBe("https://deck.example.com");
    expect((await listAudit(db, people.admin.id))[0]).toMatchObject({
      action: "mail-origin-changed",
      detail: `${before} → https://deck.example.com`,
    });

    process.env.AUTH_URL = "https://pinned.example.com";
    try {
      expect(await instance.setMailOriginAction({ origin: "https://other.example.com" })).toMatchObject({
        ok: false,
        kind: "conflict",
        error: "This instance's configuration sets AUTH_URL=https://pinned.example.com; change it there.",
      });
    } finally {
      delete process.env.AUTH_URL;
    }
    expect(await storedOrigin(db)).toBe("https://deck.example.com");
  });
});
