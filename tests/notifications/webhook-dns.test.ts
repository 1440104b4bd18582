import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * Webhook host names are resolved by DNS itself (c-ares, on the event loop), never by dns.lookup (getaddrinfo on
 * libuv's 4-thread pool, which a name whose server never answers would hold for everyone), with a short timeout.
 */

const dns = vi.hoisted(() => ({
  lookup: vi.fn(),
  options: [] as unknown[],
  resolve4: vi.fn(async (host: string) => (host === "hooks.example.com" ? ["93.184.216.34"] : ["10.0.0.5"])),
  resolve6: vi.fn(async () => {
    throw Object.assign(new Error("no AAAA"), { code: "ENODATA" });
  }),
}));
vi.mock("node:dns/promises", () => ({
  lookup: dns.lookup,
  Resolver: class {
    constructor(options: unknown) {
      dns.options.push(options);
    }
    resolve4 = dns.resolve4;
    resolve6 = dns.resolve6;
  },
}));

afterEach(() => vi.clearAllMocks());

describe("resolving a webhook's host", () => {
  it("asks DNS with a short timeout, not the system's lookup, and judges every address it answers", async () => {
    const { checkWebhookUrl, DNS_TIMEOUT_MS } = await import("@/lib/notifications/server/address");
    expect(await checkWebhookUrl("https://hooks.example.com/x", { allowPrivate: false })).toMatchObject({
      ok: true,
    });
    expect((await checkWebhookUrl("https://internal.example.com/x", { allowPrivate: false })).ok).toBe(false);
    expect(dns.resolve4).toHaveBeenCalledWith("hooks.example.com");
    expect(dns.lookup).not.toHaveBeenCalled();
    expect(dns.options).toEqual([{ timeout: DNS_TIMEOUT_MS, tries: 2 }]);
  });

  it("the connect-time guard resolves the same way", async () => {
    const { guardedLookup } = await import("@/lib/notifications/server/address");
    const address = await new Promise((resolve, reject) =>
      guardedLookup(false)("hooks.example.com", { all: true }, (err, found) =>
        err ? reject(err) : resolve(found),
      ),
    );
    expect(address).toEqual([{ address: "93.184.216.34", family: 4 }]);
    expect(dns.lookup).not.toHaveBeenCalled();
  });
});
