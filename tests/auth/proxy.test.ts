import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";

// The session version lives in the database (tests/security/session-revocation.test.ts covers it for real); here
// the test decides which versions are current.
const versions = vi.hoisted(() => ({ revoked: new Set<string>() }));
vi.mock("@/lib/accounts/server/session-version", () => ({
  isSessionCurrent: async (sub: string) => !versions.revoked.has(sub),
}));

const SECRET = "test-secret-test-secret-test-secret-0123456789";
let proxy: typeof import("@/proxy").proxy;
let matcher: string;

beforeAll(async () => {
  process.env.AUTH_SECRET = SECRET;
  const mod = await import("@/proxy");
  proxy = mod.proxy;
  // The first entry: every path but static assets and the API's route handlers (the API entries are Next's own
  // header conditions, checked end to end in tests/e2e/security.spec.ts).
  const first = mod.config.matcher[0];
  if (typeof first !== "string")
    throw new Error("proxy.ts: the first matcher entry should be the path pattern");
  matcher = first;
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

  it("lets a valid session through under the one cookie name Auth.js uses for the deployment, and rejects a forged one", async () => {
    const plain = await sessionCookie("authjs.session-token");
    const secure = await sessionCookie("__Secure-authjs.session-token");
    const https = (path: string, cookie: string) =>
      new NextRequest(`http://app.test${path}`, { headers: { cookie, "x-forwarded-proto": "https" } });
    // Plain http: only the plain name; a __Secure- cookie there is one Auth.js never set (a cookie injection).
    expect((await proxy(req("/settings", plain))).headers.get("x-middleware-next")).toBe("1");
    expect((await proxy(req("/settings", secure))).status).toBe(307);
    // Behind TLS: only the __Secure- name, which a plain-http page cannot set.
    expect((await proxy(https("/settings", secure))).headers.get("x-middleware-next")).toBe("1");
    expect((await proxy(https("/settings", plain))).status).toBe(307);
    const forged = await encode({
      token: { sub: "x" },
      secret: "another-secret-another-secret-0123456789",
      salt: "authjs.session-token",
    });
    const res = await proxy(req("/api/clusters", `authjs.session-token=${forged}`));
    expect(res.status).toBe(401);
  });

  it("refuses a revoked session (its version is no longer the user's current one)", async () => {
    const sub = "0a1b2c3d-8a44-4b1e-9d3c-2f3a4b5c6d7e";
    const cookie = await sessionCookie("authjs.session-token", sub);
    expect((await proxy(req("/settings", cookie))).headers.get("x-middleware-next")).toBe("1");
    versions.revoked.add(sub);
    expect((await proxy(req("/api/clusters", cookie))).status).toBe(401);
    expect((await proxy(req("/settings", cookie))).status).toBe(307);
  });

  it("sets a per-request nonce CSP (strict-dynamic, no inline script) on every answer, and hands the nonce on", async () => {
    const cookie = await sessionCookie("authjs.session-token");
    const seen = new Set<string>();
    for (const r of [
      req("/settings", cookie),
      req("/settings", cookie),
      req("/api/clusters"),
      req("/clusters"),
    ]) {
      const res = await proxy(r);
      const csp = res.headers.get("content-security-policy") ?? "";
      const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scripts)?.[1];
      expect(nonce, csp).toBeTruthy();
      expect(scripts).toContain("'strict-dynamic'");
      expect(scripts).not.toContain("unsafe-inline");
      seen.add(nonce!);
      if (res.headers.get("x-middleware-next") === "1")
        expect(res.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    }
    expect(seen.size).toBe(4);
  });

  it("refuses an expired session, and accepts a session cookie split into chunks", async () => {
    const expired = await encode({
      token: { sub: "5f1f6f0e-8a44-4b1e-9d3c-2f3a4b5c6d7e" },
      secret: SECRET,
      salt: "authjs.session-token",
      maxAge: -120,
    });
    expect((await proxy(req("/api/clusters", `authjs.session-token=${expired}`))).status).toBe(401);
    const whole = (await sessionCookie("authjs.session-token")).split("=")[1]!;
    const half = Math.ceil(whole.length / 2);
    const chunked = `authjs.session-token.1=${whole.slice(half)}; authjs.session-token.0=${whole.slice(0, half)}`;
    expect((await proxy(req("/settings", chunked))).headers.get("x-middleware-next")).toBe("1");
  });

  it("answers 400 for a malformed percent-escape: the JSON envelope under /api, a plain page elsewhere", async () => {
    const cookie = await sessionCookie("authjs.session-token");
    for (const c of [undefined, cookie]) {
      const api = await proxy(req("/api/clusters/%E0%A4%A", c));
      expect(api.status).toBe(400);
      expect(api.headers.get("content-type")).toMatch(/application\/json/);
      expect(await api.json()).toEqual({
        error: { code: "bad_request", message: "The address contains an invalid percent-encoded character." },
      });
      const page = await proxy(req("/clusters/%E0%A4%A", c));
      expect(page.status).toBe(400);
      expect(page.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await page.text()).toMatch(/^400 Bad Request/);
    }
    // Valid escapes still pass to the session check.
    expect((await proxy(req("/api/clusters/a%20b"))).status).toBe(401);
    expect(
      (await proxy(req("/clusters/%E0%A4%A4", await sessionCookie("authjs.session-token")))).headers.get(
        "x-middleware-next",
      ),
    ).toBe("1");
  });

  it("matches pages but not build assets, public files or the API's route handlers", () => {
    const re = new RegExp(`^${matcher}$`);
    for (const p of ["/", "/clusters", "/api", "/settings/keys", "/apis"]) expect(re.test(p), p).toBe(true);
    for (const p of [
      "/_next/static/chunks/a.js",
      "/_next/image",
      "/favicon.ico",
      "/icon.svg",
      "/api/clusters",
    ])
      expect(re.test(p), p).toBe(false);
  });

  it("runs on paths that merely end in an extension, so their action posts are checked too", async () => {
    const re = new RegExp(`^${matcher}$`);
    for (const p of ["/x.y", "/clusters/a.b", "/settings.php", "/icon.svg.x", "/_next/x.js"])
      expect(re.test(p), p).toBe(true);
    const cookie = await sessionCookie("authjs.session-token");
    for (const c of [undefined, cookie]) {
      const res = await proxy(
        new NextRequest("http://app.test/x.y", {
          method: "POST",
          headers: {
            "next-action": "0".repeat(42),
            "content-type": "text/plain",
            ...(c ? { cookie: c } : {}),
          },
          body: "not json {",
        }),
      );
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/not a valid server action call/);
    }
  });
});
