import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP server standing in for the Runcrate API in these tests: each rc_live_ key is its own workspace with
 * its own balance; `revoked` keys get 401. Records the key every request carried.
 */
export type FakeRuncrate = {
  baseUrl: string;
  seenKeys: string[];
  balances: Map<string, number>;
  revoked: Set<string>;
  /** Answer every request with this status instead (e.g. 503), or null. */
  failWith: number | null;
  close: () => Promise<void>;
};

export async function startFakeRuncrate(): Promise<FakeRuncrate> {
  const state = {
    seenKeys: [] as string[],
    balances: new Map<string, number>(),
    revoked: new Set<string>(),
    failWith: null as number | null,
  };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    state.seenKeys.push(key);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (state.failWith)
      return send(state.failWith, { error: { code: "unavailable", message: "down for maintenance" } });
    if (!key.startsWith("rc_live_") || state.revoked.has(key)) {
      return send(401, { error: { code: "invalid_key", message: "Invalid API key" } });
    }
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/api/v1/billing/balance") {
      return send(200, { data: { creditsBalance: state.balances.get(key) ?? 100, activeUsageCost: 0 } });
    }
    if (url.pathname === "/api/v1/clusters/missing") {
      return send(404, { error: { code: "not_found", message: "Cluster not found" } });
    }
    if (url.pathname === "/api/v1/clusters/limited") {
      res.setHeader("Retry-After", "1");
      return send(429, {
        error: { code: "rate_limited", message: "Slow down", details: { retry_after: 1 } },
      });
    }
    return send(404, { error: { code: "not_found", message: "no route" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
