import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/accounts/server/password";
import { seedDataDir } from "../support/pglite-template";

// session-version.ts reads through the process database, so this suite runs on it (a temporary PGlite).
let dataDir: string;
let db: import("@/lib/server/db/client").Db;
let change: typeof import("@/lib/accounts/server/change-password");
let versions: typeof import("@/lib/accounts/server/session-version");
let users: typeof import("@/lib/accounts/server/users");

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "cd-passwd-"));
  seedDataDir(dataDir);
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  db = await (await import("@/lib/server/db/client")).getDb();
  change = await import("@/lib/accounts/server/change-password");
  versions = await import("@/lib/accounts/server/session-version");
  users = await import("@/lib/accounts/server/users");
}, 120_000);
afterAll(async () => {
  await (await (await import("@/lib/server/db/client")).getDatabase()).close();
  rmSync(dataDir, { recursive: true, force: true });
});

const CURRENT = "unicorn-lantern-7-brisk";
const NEXT = "violet orbit cactus 42 drums";

async function user(email: string, password: string | null = CURRENT) {
  const r = await users.createUser(db, {
    email,
    name: null,
    passwordHash: password ? await hashPassword(password) : null,
  });
  if (!r.ok) throw new Error("exists");
  return r.user;
}

describe("changing a password", () => {
  it("needs the current password and a strong new one; then ends every session of the account", async () => {
    const u = await user("change@example.com");
    const at = "10.7.0.1";
    const input = (currentPassword: string, newPassword: string) => ({ currentPassword, newPassword });
    expect(await change.changePassword(db, u.id, input("not it at all", NEXT), at)).toEqual({
      ok: false,
      reason: "wrong_password",
    });
    const weak = await change.changePassword(db, u.id, input(CURRENT, "aaaaaaaaaaaa"), at);
    expect(weak).toMatchObject({
      ok: false,
      reason: "weak_password",
      message: expect.stringMatching(/too easy/),
    });
    expect(await change.changePassword(db, u.id, input(CURRENT, CURRENT), at)).toEqual({
      ok: false,
      reason: "same_password",
    });
    expect(await versions.currentSessionVersion(u.id)).toBe(0);

    expect(await change.changePassword(db, u.id, input(CURRENT, NEXT), at)).toEqual({
      ok: true,
      email: u.email,
    });
    const stored = (await users.findUserById(db, u.id))!.passwordHash!;
    expect(await verifyPassword(NEXT, stored)).toBe(true);
    expect(await verifyPassword(CURRENT, stored)).toBe(false);
    // Tokens carrying the old version are refused from now on.
    expect(await versions.isSessionCurrent(u.id, 0)).toBe(false);
    expect(await versions.isSessionCurrent(u.id, 1)).toBe(true);
  }, 120_000);

  it("counts wrong current passwords against the sign-in limit", async () => {
    const u = await user("guess@example.com");
    let last;
    for (let i = 0; i < 5; i++)
      last = await change.changePassword(
        db,
        u.id,
        { currentPassword: `guess ${i} nope`, newPassword: NEXT },
        "10.7.0.2",
      );
    expect(last).toMatchObject({ ok: false, reason: "rate_limited" });
  }, 60_000);

  it("is not offered to accounts that only sign in with GitHub or OIDC", async () => {
    const u = await user("github-only@example.com", null);
    expect(await change.hasPassword(db, u.id)).toBe(false);
    expect(
      await change.changePassword(db, u.id, { currentPassword: "x", newPassword: NEXT }, "10.7.0.3"),
    ).toEqual({
      ok: false,
      reason: "no_password",
    });
  });
});
