import { NextRequest } from "next/server";
import fc from "../support/fast-check";
import { encode } from "next-auth/jwt";
import { describe, expect, it, vi } from "vitest";
import { processSingleton } from "@/lib/process-singleton.mjs";

// Revocation against the database is tested in tests/security/session-revocation.test.ts.
vi.mock("@/lib/accounts/server/session-version", () => ({ isSessionCurrent: async () => true }));
vi.mock("@/lib/accounts/server/secret", () => ({ authSecret: () => SECRET }));
import {
  cookieHeaderJar,
  SESSION_COOKIE,
  sessionCookieName,
  sessionSubject,
} from "@/lib/accounts/server/session-token";
import { requestSessionUserId } from "@/lib/accounts/server/session";

const { SECRET } = vi.hoisted(() => ({ SECRET: "test-secret-test-secret-test-secret-0123456789" }));
const SUB = "5f1f6f0e-8a44-4b1e-9d3c-2f3a4b5c6d7e";

function jar(cookies: Record<string, string>) {
  return {
    get: (name: string) => (name in cookies ? { value: cookies[name]! } : undefined),
    getAll: () => Object.entries(cookies).map(([name, value]) => ({ name, value })),
  };
}

type Store = { getRemainingTTL(key: string): number };
// The process's store of decoded cookies (session-token.ts keeps it under this name).
const store = () =>
  processSingleton<Store>("session-tokens", () => {
    throw new Error("no session-token store yet");
  });

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

describe("the Cookie header jar of route handlers", () => {
  // What Next's cookies() parses a request's Cookie header with.
  // Next's own cookie jar, as a route handler gets it (NextRequest is public; its jar class is not).
  const nextJar = (header: string) =>
    new NextRequest("http://app.test/", { headers: { cookie: header } }).cookies;
  const pair = fc.tuple(
    fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/),
    fc.oneof(fc.string({ maxLength: 20 }), fc.stringMatching(/^[A-Za-z0-9%._=-]{0,20}$/)),
  );

  it("reads a header exactly as Next's cookies() does", () => {
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 6 }), fc.constantFrom("; ", ";", ";  "), (pairs, sep) => {
        const header = pairs.map(([n, v]) => (v === "" ? n : `${n}=${v}`)).join(sep);
        // A request's headers are normalised (trimmed) before either parser sees them.
        const ours = cookieHeaderJar(new Headers({ cookie: header }).get("cookie"));
        const next = nextJar(header);
        expect(ours.getAll()).toEqual(next.getAll().map(({ name, value }) => ({ name, value })));
        for (const [name] of pairs) expect(ours.get(name)?.value).toBe(next.get(name)?.value);
      }),
      { numRuns: 2000 },
    );
  });

  it("finds the session in a real request's header, whole or in chunks", async () => {
    const token = await encode({ token: { sub: SUB }, secret: SECRET, salt: SESSION_COOKIE });
    const whole = `theme=dark; ${SESSION_COOKIE}=${token}; other=%41`;
    expect(await sessionSubject(cookieHeaderJar(whole), SECRET)).toBe(SUB);
    const [a, b] = [token.slice(0, 100), token.slice(100)];
    const chunked = `${SESSION_COOKIE}.1=${b}; ${SESSION_COOKIE}.0=${a}`;
    expect(await sessionSubject(cookieHeaderJar(chunked), SECRET)).toBe(SUB);
    expect(await sessionSubject(cookieHeaderJar(null), SECRET)).toBeNull();
    expect(await sessionSubject(cookieHeaderJar(`${SESSION_COOKIE}=%E0%A4%A`), SECRET)).toBeNull();
  });

  it("gives a route handler the user of its own request's session cookie", async () => {
    const token = await encode({ token: { sub: SUB }, secret: SECRET, salt: SESSION_COOKIE });
    const req = (cookie?: string) =>
      new Request("http://app.test/api/x", cookie ? { headers: { cookie } } : {});
    expect(await requestSessionUserId(req(`a=1; ${SESSION_COOKIE}=${token}`))).toBe(SUB);
    expect(await requestSessionUserId(req())).toBeNull();
    expect(await requestSessionUserId(req(`${SESSION_COOKIE}=${token.slice(0, -4)}AAAA`))).toBeNull();
  });

  it("reads only the cookie name Auth.js writes for the request: __Secure- over https, the plain one otherwise", async () => {
    const secure = `__Secure-${SESSION_COOKIE}`;
    const plain = await encode({ token: { sub: SUB }, secret: SECRET, salt: SESSION_COOKIE });
    const overTls = await encode({ token: { sub: SUB }, secret: SECRET, salt: secure });
    const req = (cookie: string, proto?: string) =>
      new Request("http://app.test/api/x", {
        headers: { cookie, ...(proto ? { "x-forwarded-proto": proto } : {}) },
      });
    expect(sessionCookieName(new Headers())).toBe(SESSION_COOKIE);
    expect(sessionCookieName(new Headers({ "x-forwarded-proto": "https" }))).toBe(secure);
    // Plain http: a __Secure- cookie is not this deployment's, and is not read.
    expect(await requestSessionUserId(req(`${SESSION_COOKIE}=${plain}`))).toBe(SUB);
    expect(await requestSessionUserId(req(`${secure}=${overTls}`))).toBeNull();
    // Behind TLS: only the __Secure- cookie, whole or chunked as Auth.js writes it.
    expect(await requestSessionUserId(req(`${secure}=${overTls}`, "https"))).toBe(SUB);
    expect(await requestSessionUserId(req(`${SESSION_COOKIE}=${plain}`, "https"))).toBeNull();
    const [a, b] = [overTls.slice(0, 90), overTls.slice(90)];
    expect(await requestSessionUserId(req(`${secure}.0=${a}; ${secure}.1=${b}`, "https"))).toBe(SUB);
    // AUTH_URL pins the protocol, whatever the request says.
    vi.stubEnv("AUTH_URL", "https://console.example.com");
    try {
      expect(sessionCookieName(new Headers({ "x-forwarded-proto": "http" }))).toBe(secure);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
