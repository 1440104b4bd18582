import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";

const SECRET = "test-secret-test-secret-test-secret-0123456789";
let proxy: typeof import("@/proxy").proxy;
let matcher: string;

beforeAll(async () => {
  process.env.AUTH_SECRET = SECRET;
  const mod = await import("@/proxy");
  proxy = mod.proxy;
  matcher = mod.config.matcher[0]!;
});

async function sessionCookie(name: string, sub = "5f1f6f0e-8a44-4b1e-9d3c-2f3a4b5c6d7e") {
  const token = await encode({ token: { sub, email: "a@example.com" }, secret: SECRET, salt: name });
  return `${name}=${token}`;
}

const req = (path: string, cookie?: string) =>
  new NextRequest(`http://app.test${path}`, { headers: cookie ? { cookie } : {} });

describe("proxy (session gate)", () => {
  it("redirects pages to /sign-in with the path as callbackUrl", async () => {
    const res = await proxy(req("/clusters/abc?tab=nodes"));
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe(
      "http://app.test/sign-in?callbackUrl=%2Fclusters%2Fabc%3Ftab%3Dnodes",
    );
    const root = await proxy(req("/"));
    expect(root.headers.get("location")).toBe("http://app.test/sign-in");
  });

  it("answers 401 JSON for API routes", async () => {
    const res = await proxy(req("/api/clusters"));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: "unauthenticated", message: "Sign in to continue." } });
  });

  it("lets the auth pages, Auth.js and health through without a session", async () => {
    for (const p of ["/sign-in", "/sign-up", "/api/auth/session", "/api/health"]) {
      const res = await proxy(req(p));
      expect(res.headers.get("x-middleware-next"), p).toBe("1");
    }
  });

  it("lets a valid session through (plain or __Secure- cookie) and rejects a forged one", async () => {
    for (const name of ["authjs.session-token", "__Secure-authjs.session-token"]) {
      const res = await proxy(req("/settings", await sessionCookie(name)));
      expect(res.headers.get("x-middleware-next"), name).toBe("1");
    }
    const forged = await encode({
      token: { sub: "x" },
      secret: "another-secret-another-secret-0123456789",
      salt: "authjs.session-token",
    });
    const res = await proxy(req("/api/clusters", `authjs.session-token=${forged}`));
    expect(res.status).toBe(401);
  });

  it("matches pages and API routes but not build assets or public files", () => {
    const re = new RegExp(`^${matcher}$`);
    for (const p of ["/", "/clusters", "/api/clusters", "/settings/keys"]) expect(re.test(p), p).toBe(true);
    for (const p of ["/_next/static/chunks/a.js", "/favicon.ico", "/icon.svg"])
      expect(re.test(p), p).toBe(false);
  });
});
