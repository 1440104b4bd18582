import { encode } from "next-auth/jwt";
import { describe, expect, it, vi } from "vitest";

// Revocation against the database is tested in tests/security/session-revocation.test.ts.
vi.mock("@/lib/server/auth/session-version", () => ({ isSessionCurrent: async () => true }));
import { SESSION_COOKIE, sessionSubject } from "@/lib/server/auth/session-token";

const SECRET = "test-secret-test-secret-test-secret-0123456789";
const SUB = "5f1f6f0e-8a44-4b1e-9d3c-2f3a4b5c6d7e";

function jar(cookies: Record<string, string>) {
  return {
    get: (name: string) => (name in cookies ? { value: cookies[name]! } : undefined),
    getAll: () => Object.entries(cookies).map(([name, value]) => ({ name, value })),
  };
}

type Store = { getRemainingTTL(key: string): number };
const store = () =>
  (globalThis as unknown as { __clusterdeckSessionTokens: Store }).__clusterdeckSessionTokens;

describe("sessionSubject's memo of decoded cookies", () => {
  it("keeps a decoded cookie a few seconds at most", async () => {
    const token = await encode({ token: { sub: SUB }, secret: SECRET, salt: SESSION_COOKIE });
    expect(await sessionSubject(jar({ [SESSION_COOKIE]: token }), SECRET)).toBe(SUB);
    const left = store().getRemainingTTL(`${SESSION_COOKIE}\u0000${token}`);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(5_000);
  });

  it("never keeps it past the token's own expiry", async () => {
    const token = await encode({ token: { sub: SUB }, secret: SECRET, salt: SESSION_COOKIE, maxAge: 2 });
    expect(await sessionSubject(jar({ [SESSION_COOKIE]: token }), SECRET)).toBe(SUB);
    expect(store().getRemainingTTL(`${SESSION_COOKIE}\u0000${token}`)).toBeLessThanOrEqual(2_000);
  });

  it("decodes each cookie value for itself: a forged one sharing nothing with a valid one is refused", async () => {
    const valid = await encode({ token: { sub: SUB }, secret: SECRET, salt: SESSION_COOKIE });
    const forged = await encode({ token: { sub: SUB }, secret: `${SECRET}-other`, salt: SESSION_COOKIE });
    expect(await sessionSubject(jar({ [SESSION_COOKIE]: valid }), SECRET)).toBe(SUB);
    expect(await sessionSubject(jar({ [SESSION_COOKIE]: forged }), SECRET)).toBeNull();
    expect(await sessionSubject(jar({}), SECRET)).toBeNull();
  });
});
