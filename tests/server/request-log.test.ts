import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "@/lib/server/log";
import { logRequestError } from "@/lib/boot/request-errors";
import { trackRequest } from "@/lib/boot/requests";
import { observeRequests, prepareRequest } from "@/lib/server/node-server.mjs";

/**
 * Running in production: one pino line per failed or slow request, with the request id that is also X-Request-Id; never a key,
 * cookie, password, query or body.
 */

const lines: Array<Record<string, unknown>> = [];
const raw: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const l of chunk.toString().split("\n").filter(Boolean)) {
      raw.push(l);
      lines.push(JSON.parse(l) as Record<string, unknown>);
    }
    done();
  },
});
const logger = createLogger(sink);

let server: Server;
let base = "";
beforeAll(async () => {
  process.env.SLOW_REQUEST_MS = "150";
  // What server.mjs does with every request before Next's handler, with the app's observer (instrumentation.ts
  // installs trackRequest; here with the test's logger).
  observeRequests((req, res) => trackRequest(req, res, logger));
  server = createServer((req, res) => {
    prepareRequest(req, res);
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      // The app sees the id as a request header.
      res.setHeader("x-seen-id", String(req.headers["x-request-id"]));
      if (path === "/spend") return void setTimeout(() => res.end("late"), 200);
      if (path === "/settings" || path.startsWith("/shared/")) {
        res.statusCode = 500;
        return void res.end(`echo ${body}`);
      }
      if (path.startsWith("/clusters/") || path.startsWith("/wp-admin")) {
        res.statusCode = 404;
        return void res.end();
      }
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete process.env.SLOW_REQUEST_MS;
  await new Promise((r) => server.close(r));
});

const settle = () => new Promise((r) => setTimeout(r, 30));
const linesOf = (id: string | null) => lines.filter((l) => l.requestId === id);

describe("request ids and the request log", () => {
  it("gives every answer an X-Request-Id the app also sees, and logs nothing for a quick success", async () => {
    const res = await fetch(`${base}/ok`);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("x-seen-id")).toBe(id);
    const other = (await fetch(`${base}/ok`)).headers.get("x-request-id");
    expect(other).not.toBe(id);
    await settle();
    expect(linesOf(id)).toHaveLength(0);
  });

  it("behind a trusted proxy keeps its request id, and replaces one that does not look like an id", async () => {
    process.env.TRUSTED_PROXIES = "1";
    try {
      const kept = await fetch(`${base}/ok`, { headers: { "x-request-id": "lb-0123456789abcdef" } });
      expect(kept.headers.get("x-request-id")).toBe("lb-0123456789abcdef");
      const odd = await fetch(`${base}/ok`, { headers: { "x-request-id": "<script>alert(1)</script>" } });
      expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      delete process.env.TRUSTED_PROXIES;
    }
  });

  it("with no proxy in front, mints its own id and logs the caller's beside it", async () => {
    const session = { cookie: "authjs.session-token=abc" };
    const res = await fetch(`${base}/settings`, {
      headers: { ...session, "x-request-id": "chosen-by-caller-01" },
    });
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("x-seen-id")).toBe(id);
    await settle();
    expect(linesOf(id)).toEqual([expect.objectContaining({ clientRequestId: "chosen-by-caller-01" })]);
    expect(linesOf("chosen-by-caller-01")).toEqual([]);
  });

  it("logs one line for a failed request and one for a slow one, with id, route, status and duration", async () => {
    const failed = await fetch(`${base}/settings`);
    const slow = await fetch(`${base}/spend`);
    const session = { cookie: "authjs.session-token=abc" };
    const missing = await fetch(`${base}/clusters/3c90c3cc-0d44-4b50-8888-8dd25736052a`, {
      headers: session,
    });
    // Anyone can send 4xx-answered requests by the thousand: without a session, they are counted, not logged.
    const probes = await Promise.all(["/wp-admin/setup.php", "/clusters/x"].map((p) => fetch(`${base}${p}`)));
    await settle();
    const [f] = linesOf(failed.headers.get("x-request-id"));
    expect(linesOf(failed.headers.get("x-request-id"))).toHaveLength(1);
    expect(f).toMatchObject({
      level: 50,
      method: "GET",
      route: "/settings",
      status: 500,
      kind: "page",
      slow: false,
    });
    expect(typeof f!.durationMs).toBe("number");
    expect(linesOf(slow.headers.get("x-request-id"))).toEqual([
      expect.objectContaining({ level: 40, route: "/spend", status: 200, slow: true }),
    ]);
    expect(linesOf(missing.headers.get("x-request-id"))).toEqual([
      expect.objectContaining({ level: 30, route: "/clusters/[id]", status: 404 }),
    ]);
    for (const p of probes) expect(linesOf(p.headers.get("x-request-id"))).toEqual([]);
  });

  it("never logs a key, cookie, password, query or body, nor a token in the path", async () => {
    const secrets = {
      key: "rc_live_LeakCheckKey0123456789abcdef",
      cookie: "authjs.session-token=SessionCookieValue987654321",
      password: "hunter2-correct-horse",
      query: "QuerySecretValue55555",
      token: "shareTokenAbCdEf0123456789XyZ",
    };
    const res = await fetch(`${base}/shared/${secrets.token}?token=${secrets.query}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${secrets.key}`,
        cookie: secrets.cookie,
        "content-type": "application/json",
        "next-action": "abc123",
      },
      body: JSON.stringify({ password: secrets.password, key: secrets.key }),
    });
    expect(res.status).toBe(500);
    await settle();
    const mine = linesOf(res.headers.get("x-request-id"));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ route: "/shared/[token]", kind: "action", method: "POST" });
    const all = raw.join("\n");
    for (const s of Object.values(secrets)) expect(all).not.toContain(s);
    expect(all).not.toContain("SessionCookieValue");
  });

  it("logs an error Next caught with the request id and digest, the message redacted", () => {
    logRequestError(
      Object.assign(new Error("upstream said rc_live_ErrorLeak0123456789 was bad"), { digest: "271828" }),
      { path: "/clusters?x=1", method: "GET", headers: { "x-request-id": "req-error-0001" } },
      { routePath: "/(console)/clusters/page", routeType: "render" },
      logger,
    );
    const [line] = linesOf("req-error-0001");
    expect(line).toMatchObject({ digest: "271828", route: "/(console)/clusters/page", level: 50 });
    expect(String(line!.error)).toContain("rc_live_[redacted]");
    expect(raw.join("\n")).not.toContain("ErrorLeak0123456789");
  });
});
