import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEER_CHAIN_HEADER, clientAddress } from "@/lib/server/client-address";
import { prepareRequest, stampPeer } from "@/lib/server/node-server.mjs";

const chain = (v: string) => new Headers({ [PEER_CHAIN_HEADER]: v });

describe("client address from the stamped chain", () => {
  it("is the socket address by default, whatever X-Forwarded-For the client wrote", () => {
    expect(clientAddress(chain("6.6.6.6, 7.7.7.7, 203.0.113.9"), 0)).toBe("203.0.113.9");
    expect(clientAddress(chain("::ffff:203.0.113.9"), 0)).toBe("203.0.113.9");
    expect(clientAddress(chain("::1"), 0)).toBe("::1");
  });
  it("with TRUSTED_PROXIES=n skips the n proxy hops from the right, never further", () => {
    // client-claimed, real client (added by the proxy), proxy's own socket address
    expect(clientAddress(chain("6.6.6.6, 198.51.100.7, 10.0.0.2"), 1)).toBe("198.51.100.7");
    expect(clientAddress(chain("6.6.6.6, 198.51.100.7, 10.0.0.3, 10.0.0.2"), 2)).toBe("198.51.100.7");
    expect(clientAddress(chain("10.0.0.2"), 3)).toBe("10.0.0.2");
  });
  it("keys an address a proxy wrote with its port by the address alone", () => {
    expect(clientAddress(chain("203.0.113.9:51234, 10.0.0.2"), 1)).toBe("203.0.113.9");
    expect(clientAddress(chain("203.0.113.9:40001, 10.0.0.2"), 1)).toBe("203.0.113.9");
    expect(clientAddress(chain("[2001:db8::1]:51234, 10.0.0.2"), 1)).toBe("2001:db8::1");
    expect(clientAddress(chain("[2001:db8::1], 10.0.0.2"), 1)).toBe("2001:db8::1");
    // A bare IPv6 address keeps every group: its colons are not a port.
    expect(clientAddress(chain("2001:db8::51234, 10.0.0.2"), 1)).toBe("2001:db8::51234");
  });

  it("never stores junk, and without the stamp counts everyone as one unknown address", () => {
    expect(clientAddress(chain("<script>, 1.2.3.4"), 1)).toBe("unknown");
    expect(clientAddress(new Headers({ "x-forwarded-for": "1.2.3.4" }), 0)).toBe("unknown");
    expect(clientAddress(new Headers(), 0)).toBe("unknown");
  });
});

describe("the peer stamp the server entry writes, on a real HTTP server", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    // What server.mjs does with every request before Next's handler.
    server = createServer((req, res) => {
      prepareRequest(req, res);
      const h = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") h.set(k, v);
      res.end(
        JSON.stringify({
          direct: clientAddress(h, 0),
          behindOne: clientAddress(h, 1),
          chain: h.get(PEER_CHAIN_HEADER),
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  type Seen = { direct: string; behindOne: string; chain: string };
  const ask = (headers: Record<string, string>) =>
    new Promise<Seen>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, headers }, (res) => {
        let t = "";
        res.on("data", (c: Buffer) => (t += c.toString()));
        res.on("end", () => resolve(JSON.parse(t) as Seen));
      });
      req.on("error", reject);
      req.end();
    });

  it("records the socket address, replacing a forged stamp and appending to a forged X-Forwarded-For", async () => {
    expect(await ask({})).toEqual({ direct: "127.0.0.1", behindOne: "127.0.0.1", chain: "127.0.0.1" });
    const forged = await ask({ "x-forwarded-for": "1.2.3.4", [PEER_CHAIN_HEADER]: "5.6.7.8" });
    expect(forged.chain).toBe("1.2.3.4, 127.0.0.1");
    expect(forged.direct).toBe("127.0.0.1");
    // Only an operator who says there is a proxy in front gets the header's entry.
    expect(forged.behindOne).toBe("1.2.3.4");
  });

  it("stamps a bare IncomingMessage-like request the same way", () => {
    const req = { headers: { "x-forwarded-for": ["a", "b"] }, socket: { remoteAddress: "::1" } };
    stampPeer(req as never);
    expect((req.headers as Record<string, unknown>)[PEER_CHAIN_HEADER]).toBe("a, b, ::1");
  });
});
