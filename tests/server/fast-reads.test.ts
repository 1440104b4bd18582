import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Writable } from "node:stream";
import { gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "@/lib/security-headers.mjs";
import { PEER_CHAIN_HEADER, stampPeer } from "@/lib/server/auth/client-address";
import { createLogger } from "@/lib/server/log";
import { inFlightRequests, trackRequest } from "@/lib/server/requests";
import {
  FAST_TEMPLATES,
  configHeaders,
  fastReadsEnabled,
  headerPlan,
  matchFastRead,
  registerFastRead,
  tryFastRead,
  type FastTemplate,
} from "@/lib/server/fast-reads";

/**
 * Issue 19.6: the polled reads answered before Next's router must be answered exactly as Next would — the same
 * handler, the same headers — and everything else must still reach Next.
 */

const ROOT = path.resolve(__dirname, "../..");
const ID = "3c90c3cc-0d44-4b50-8888-8dd25736052a";
const plan = headerPlan(securityHeaders({ dev: false }));
const quiet = createLogger(new Writable({ write: (_chunk, _enc, done) => done() }));

describe("which requests are answered before Next", () => {
  it("takes GET of exactly the polled templates, with their params", () => {
    expect(matchFastRead("GET", "/api/clusters", {})).toEqual({
      template: "/api/clusters",
      params: {},
      pathname: "/api/clusters",
    });
    expect(matchFastRead("GET", `/api/clusters/${ID}?x=1`, {})).toMatchObject({
      template: "/api/clusters/[id]",
      params: { id: ID },
    });
    expect(matchFastRead("GET", `/api/clusters/${ID}/tests`, {})).toMatchObject({
      template: "/api/clusters/[id]/tests",
      params: { id: ID },
    });
  });

  it("leaves to Next every other method, path shape and header Next acts on first", () => {
    const next = (method: string, url: string, headers: Record<string, string> = {}) =>
      matchFastRead(method, url, headers);
    for (const method of ["HEAD", "POST", "PUT", "DELETE", "OPTIONS"])
      expect(next(method, `/api/clusters/${ID}`), method).toBeNull();
    for (const url of [
      "/api/clusters/",
      `/api/clusters/${ID}/`,
      `/api/clusters/${ID}/raw`,
      `/api/clusters/${ID}/shares`,
      "/api/clusters/%61bc",
      "/api/clusters/%E0%A4%A",
      "/api/clusters/a.b",
      "/api/clusters/..",
      "/api/clusters/-leading-dash",
      `/api/clusters/${"a".repeat(129)}`,
      "/api/clustersx",
      "//api/clusters",
      "/API/clusters",
      "/api/offers",
    ])
      expect(next("GET", url), url).toBeNull();
    expect(next("GET", "/api/clusters", { "next-action": "abc" })).toBeNull();
    expect(next("GET", "/api/clusters", { "content-type": "multipart/form-data; boundary=x" })).toBeNull();
  });

  it("claims no path of any other route file (a static route beside [id] is Next's first)", () => {
    const routes: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (name === "route.ts") routes.push(`/${path.relative(path.join(ROOT, "app"), dir)}`);
      }
    };
    walk(path.join(ROOT, "app/api"));
    expect(routes).toContain("/api/clusters/ledger");
    for (const route of routes) {
      if (route.includes("[...")) continue;
      const url = route.replace(/\[id\]/g, ID).replace(/\[token\]/g, "tok_0123456789abcdef");
      const claimed = matchFastRead("GET", url, {})?.template ?? null;
      expect(claimed, route).toBe(FAST_TEMPLATES.includes(route as FastTemplate) ? route : null);
    }
  });

  it("names only templates whose route file registers its own GET", () => {
    for (const template of FAST_TEMPLATES) {
      const file = path.join(ROOT, "app", template, "route.ts");
      const text = readFileSync(file, "utf8");
      expect(text, file).toContain(`registerFastRead("${template}", GET);`);
    }
  });

  it("is on unless CLUSTERDECK_FAST_READS=0", () => {
    expect(fastReadsEnabled(undefined)).toBe(true);
    expect(fastReadsEnabled("1")).toBe(true);
    expect(fastReadsEnabled(" 0 ")).toBe(false);
  });
});

describe("the headers next.config.mjs gives Next to add", () => {
  it("adds the security headers to every answer, and HSTS only behind TLS", () => {
    const plain = Object.fromEntries(configHeaders(plan, {}));
    expect(Object.keys(plain)).toEqual([
      "Content-Security-Policy",
      "X-Frame-Options",
      "X-Content-Type-Options",
      "Referrer-Policy",
      "Permissions-Policy",
      "Cross-Origin-Opener-Policy",
    ]);
    expect(plain["X-Frame-Options"]).toBe("DENY");
    expect(Object.fromEntries(configHeaders(plan, { "x-forwarded-proto": "http" }))).toEqual(plain);
    expect(Object.fromEntries(configHeaders(plan, { "x-forwarded-proto": "https" }))).toEqual({
      ...plain,
      "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
    });
    // Next's `has` value is an anchored pattern.
    expect(configHeaders(plan, { "x-forwarded-proto": "https-not" })).toHaveLength(6);
  });

  it("refuses a rule shape it does not understand, so the fast path stays off", () => {
    expect(() => headerPlan([{ source: "/api/:path*", headers: [] }])).toThrow(/unsupported/);
    expect(() =>
      headerPlan([
        {
          source: "/:path*",
          has: [{ type: "query", key: "x", value: "y" }],
          headers: [],
        },
      ]),
    ).toThrow(/unsupported/);
  });
});

describe("answering a request", () => {
  let server: Server;
  let base = "";
  const undo: Array<() => void> = [];
  beforeAll(async () => {
    // The hooks in instrumentation.ts's order (tracking, then the peer stamp, then this), and Next's listener behind:
    // whatever is not answered before it says so.
    server = createServer((req, res) => {
      trackRequest(server, req, res, quiet);
      stampPeer(req);
      if (tryFastRead(req, res, plan)) return;
      res.setHeader("content-type", "text/plain");
      res.end("next");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => undo.splice(0).forEach((u) => u()));
  afterAll(() => new Promise((r) => server.close(r)));

  const register = <T extends FastTemplate>(
    template: T,
    handler: Parameters<typeof registerFastRead<T>>[1],
  ) => undo.push(registerFastRead(template, handler));

  it("goes to Next while the route file has not registered its handler", async () => {
    const res = await fetch(`${base}/api/clusters/${ID}`);
    expect(await res.text()).toBe("next");
  });

  it("calls the registered handler with the request and params, and sends its answer with Next's headers", async () => {
    register("/api/clusters/[id]", async (req, { params }) => {
      const { id } = await params;
      return Response.json(
        { id, url: req.url, cookie: req.headers.get("cookie"), method: req.method },
        { status: 200, headers: { "Cache-Control": "no-store" } },
      );
    });
    const res = await fetch(`${base}/api/clusters/${ID}?since=1`, {
      headers: { cookie: "a=b; c=d", "x-forwarded-proto": "https" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: ID,
      url: `http://localhost/api/clusters/${ID}?since=1`,
      cookie: "a=b; c=d",
      method: "GET",
    });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    // Other templates, and other methods on this one, still reach Next.
    expect(await (await fetch(`${base}/api/clusters`)).text()).toBe("next");
    expect(await (await fetch(`${base}/api/clusters/${ID}`, { method: "POST" })).text()).toBe("next");
  });

  it("keeps the handler's status and headers, and answers a thrown handler with a JSON 500", async () => {
    register("/api/clusters", () =>
      Promise.resolve(
        Response.json({ error: { code: "no_key" } }, { status: 409, headers: { "Retry-After": "3" } }),
      ),
    );
    const refused = await fetch(`${base}/api/clusters`);
    expect(refused.status).toBe(409);
    expect(refused.headers.get("retry-after")).toBe("3");
    expect(await refused.json()).toEqual({ error: { code: "no_key" } });

    register("/api/clusters/[id]/tests", () => Promise.reject(new Error("boom")));
    const failed = await fetch(`${base}/api/clusters/${ID}/tests`);
    expect(failed.status).toBe(500);
    expect(failed.headers.get("cache-control")).toBe("no-store");
    expect(await failed.json()).toMatchObject({ error: { code: "internal" } });
    // The connection is still good for the next request.
    expect((await fetch(`${base}/api/clusters`)).status).toBe(409);
  });

  it("compresses as Next does: gzip when asked, from 1 kB, with Vary", async () => {
    const big = { data: Array.from({ length: 80 }, (_, i) => ({ id: i, status: "running" })) };
    register("/api/clusters", () =>
      Promise.resolve(Response.json(big, { headers: { "Cache-Control": "no-store" } })),
    );
    register("/api/clusters/[id]", () => Promise.resolve(Response.json({ data: { id: "small" } })));
    const raw = (url: string, headers: Record<string, string>) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const req = request(url, { headers }, (r) => {
          const chunks: Buffer[] = [];
          r.on("data", (c: Buffer) => chunks.push(c));
          r.on("end", () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
        });
        req.on("error", reject);
        req.end();
      });
    const gz = await raw(`${base}/api/clusters`, { "accept-encoding": "gzip, deflate, br" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["vary"]).toBe(
      "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding",
    );
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(big);
    const plain = await raw(`${base}/api/clusters`, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(big);
    expect(plain.headers["content-length"]).toBe(String(plain.body.length));
    // Under the threshold: sent as it is.
    const small = await raw(`${base}/api/clusters/${ID}`, { "accept-encoding": "gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ data: { id: "small" } });
  });

  it("hands the handler the headers as the hooks before it left them, less Next's internal ones", async () => {
    register("/api/clusters", (req) =>
      Promise.resolve(
        Response.json({
          peer: req.headers.get(PEER_CHAIN_HEADER),
          id: req.headers.get("x-request-id"),
          cookie: req.headers.get("cookie"),
          rewrite: req.headers.get("x-middleware-rewrite"),
          url: req.url,
        }),
      ),
    );
    const answer = await new Promise<{ id: unknown; body: Record<string, unknown> }>((resolve, reject) => {
      const req = request(
        `${base}/api/clusters`,
        {
          // Two Cookie lines, a forged peer chain, an id that is no id, Next's internal header, an odd Host.
          headers: [
            "Cookie",
            "a=1",
            "Cookie",
            "b=2",
            PEER_CHAIN_HEADER,
            "6.6.6.6",
            "X-Request-Id",
            "<script>",
            "X-Middleware-Rewrite",
            "/elsewhere",
            "Host",
            "evil.example",
          ],
        },
        (r) => {
          let body = "";
          r.on("data", (c: Buffer) => (body += c.toString()));
          r.on("end", () =>
            resolve({ id: r.headers["x-request-id"], body: JSON.parse(body) as Record<string, unknown> }),
          );
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(answer.body).toEqual({
      peer: "127.0.0.1",
      id: answer.id,
      cookie: "a=1; b=2",
      rewrite: null,
      url: "http://localhost/api/clusters",
    });
    expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers Set-Cookie and Vary as Next's sendResponse does: each cookie kept, the config's headers kept", async () => {
    register("/api/clusters", () => {
      const headers = new Headers({ Vary: "Cookie", "X-Frame-Options": "SAMEORIGIN" });
      headers.append("Set-Cookie", "a=1; Path=/");
      headers.append("Set-Cookie", "b=2; Path=/");
      return Promise.resolve(Response.json({ ok: true }, { headers }));
    });
    const res = await fetch(`${base}/api/clusters`);
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(res.headers.get("vary")).toBe(
      "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Cookie, Accept-Encoding",
    );
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("lets a client leave mid-read: nothing is written, the in-flight count comes back to zero", async () => {
    let finish = () => {};
    const big = { data: "x".repeat(4_000) };
    register("/api/clusters", () => new Promise((r) => (finish = () => r(Response.json(big)))));
    const before = inFlightRequests();
    const gone = new Promise<void>((resolve) => {
      const req = request(`${base}/api/clusters`, { headers: { "accept-encoding": "gzip" } });
      req.on("error", () => resolve());
      req.end();
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    await gone;
    await new Promise((r) => setTimeout(r, 30));
    finish();
    await expect.poll(() => inFlightRequests()).toBe(before);
    // The server still answers.
    register("/api/clusters", () => Promise.resolve(Response.json(big)));
    expect(await (await fetch(`${base}/api/clusters`)).json()).toEqual(big);
  });
});
