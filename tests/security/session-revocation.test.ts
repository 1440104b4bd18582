import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { encode } from "next-auth/jwt";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDataDir } from "../support/pglite-template";

const SECRET = "test-secret-test-secret-test-secret-0123456789";
let dataDir: string;
let mod: typeof import("@/lib/accounts/server/session-version");
let token: typeof import("@/lib/accounts/server/session-token");
let db: import("@/lib/server/db/client").Db;
let users: typeof import("@/lib/server/db/schema").users;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "cd-revoke-"));
  seedDataDir(dataDir);
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  mod = await import("@/lib/accounts/server/session-version");
  token = await import("@/lib/accounts/server/session-token");
  db = await (await import("@/lib/server/db/client")).getDb();
  users = (await import("@/lib/server/db/schema")).users;
}, 120_000);
afterAll(async () => {
  await (await (await import("@/lib/server/db/client")).getDatabase()).close();
  rmSync(dataDir, { recursive: true, force: true });
});

const jar = (value: string) => ({
  get: (name: string) => (name === token.SESSION_COOKIE ? { value } : undefined),
  getAll: () => [{ name: token.SESSION_COOKIE, value }],
});
const cookieFor = (sub: string, sv?: number) =>
  encode({ token: { sub, ...(sv === undefined ? {} : { sv }) }, secret: SECRET, salt: token.SESSION_COOKIE });

async function newUser(email: string) {
  const { createUser } = await import("@/lib/accounts/server/users");
  const r = await createUser(db, { email, name: null, passwordHash: null });
  if (!r.ok) throw new Error("user exists");
  return r.user;
}

describe("session revocation (per-user session version)", () => {
  it("refuses a copied cookie at once on this instance after the user's sessions are revoked", async () => {
    const u = await newUser("revoke@example.com");
    expect(u.sessionVersion).toBe(0);
    const copied = await cookieFor(u.id, 0);
    expect(await token.sessionSubject(jar(copied), SECRET)).toBe(u.id);
    expect(await mod.revokeSessions(db, u.id)).toBe(1);
    expect(await token.sessionSubject(jar(copied), SECRET)).toBeNull();
    // A token issued after the revocation carries the new version and works.
    expect(await token.sessionSubject(jar(await cookieFor(u.id, 1)), SECRET)).toBe(u.id);
  });

  it("treats a token from before versions existed as version 0, ended by the first revocation", async () => {
    const u = await newUser("legacy-token@example.com");
    const old = await cookieFor(u.id);
    expect(await token.sessionSubject(jar(old), SECRET)).toBe(u.id);
    await mod.revokeSessions(db, u.id);
    expect(await token.sessionSubject(jar(old), SECRET)).toBeNull();
    expect(await mod.isSessionCurrent(u.id, "0")).toBe(false);
    expect(await mod.isSessionCurrent("not-a-uuid", 0)).toBe(false);
  });

  it("holds within a few seconds when another instance revoked (only the database changed)", async () => {
    const u = await newUser("elsewhere@example.com");
    const copied = await cookieFor(u.id, 0);
    expect(await token.sessionSubject(jar(copied), SECRET)).toBe(u.id);
    // Another instance bumps the version: this one's cache doesn't know yet.
    await db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, u.id));
    await new Promise((r) => setTimeout(r, mod.VERSION_TTL_MS + 200));
    expect(await token.sessionSubject(jar(copied), SECRET)).toBeNull();
  });

  it("gives a new token the database's version, not a stale cached one", async () => {
    const u = await newUser("fresh@example.com");
    expect(await mod.currentSessionVersion(u.id)).toBe(0);
    await db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, u.id));
    expect(await mod.currentSessionVersion(u.id, { fresh: true })).toBe(1);
  });

  it("refuses a deleted user's token", async () => {
    const u = await newUser("gone@example.com");
    const c = await cookieFor(u.id, 0);
    await db.delete(users).where(eq(users.id, u.id));
    mod.forgetSessionVersion(u.id);
    expect(await token.sessionSubject(jar(c), SECRET)).toBeNull();
  });
});
