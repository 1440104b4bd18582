import "server-only";
import { lookup as dnsLookup, Resolver as DnsResolver } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { log } from "@/lib/server/log";

const addressLog = log.child({ area: "notifications" });

/**
 * Where a webhook may point (SSRF): a user's URL is fetched by the server, inside the operator's network. The host
 * is resolved and every address it resolves to must be public — not loopback, private, carrier-grade NAT,
 * link-local (which holds the cloud metadata service at 169.254.169.254), multicast or reserved. The check runs when
 * the URL is saved and again as the socket connects (the `lookup` the request uses), so a name that later resolves
 * elsewhere (DNS rebinding) is refused at send time too. `WEBHOOK_ALLOW_HOSTS` names the internal receivers an
 * operator allows; `WEBHOOK_ALLOW_PRIVATE=1` lifts the check altogether (tests).
 */

// Two lists: Node's BlockList matches an IPv4 address against IPv4-mapped IPv6 rules too, so the IPv6 ranges
// (which include all of ::ffff:0:0/96) must not sit in the list IPv4 addresses are checked against.
const blocked = new BlockList();
const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  // Unspecified, loopback and IPv4-compatible (deprecated), and IPv4-mapped and -translated ones whose IPv4 part
  // is not written as one (a mapped address in dotted form is judged by its IPv4 part below).
  ["::", 96],
  ["::ffff:0:0", 96],
  ["::ffff:0:0:0", 96],
  // NAT64 (well-known and local), 6to4 and Teredo: each carries or reaches an IPv4 address of any kind.
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["2002::", 16],
  ["2001::", 32],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blockedV6.addSubnet(net, prefix, "ipv6");
}

/** True for an address a webhook must not reach (IPv4-mapped IPv6 is judged by its IPv4 part). */
export function isForbiddenAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 0) return true;
  if (family === 4) return blocked.check(bare, "ipv4");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return blocked.check(mapped[1]!, "ipv4");
  // The same mapped address in hex (`::ffff:7f00:1` is 127.0.0.1).
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
  if (hex) {
    const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, "ipv4");
  }
  return blockedV6.check(bare, "ipv6");
}

export function allowPrivateTargets(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.WEBHOOK_ALLOW_PRIVATE === "1";
}

/**
 * The operator's exceptions (`WEBHOOK_ALLOW_HOSTS`): addresses, networks (CIDR) and host names a webhook may reach
 * although they are not public — an internal receiver, without opening every private address as
 * `WEBHOOK_ALLOW_PRIVATE=1` does. A listed name may resolve to anything (the system's resolver, so names only in the
 * hosts file or internal DNS work); a listed network admits its addresses whatever name leads there.
 */
export type AllowedTargets = { v4: BlockList; v6: BlockList; names: ReadonlySet<string>; size: number };

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Parses WEBHOOK_ALLOW_HOSTS (comma- or space-separated); throws naming the first entry that is none of the three. */
export function parseAllowedTargets(value: string | undefined): AllowedTargets {
  const out = { v4: new BlockList(), v6: new BlockList(), names: new Set<string>(), size: 0 };
  for (const raw of (value ?? "").split(/[\s,]+/).filter(Boolean)) {
    const entry = raw.trim().toLowerCase().replace(/\.$/, "");
    const [ip, bits, extra] = entry.replace(/^\[|\](?=\/|$)/g, "").split("/");
    const family = isIP(ip ?? "");
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (family !== 0 && extra === undefined && Number.isInteger(prefix) && prefix >= 0 && prefix <= max) {
      (family === 4 ? out.v4 : out.v6).addSubnet(ip!, prefix, family === 4 ? "ipv4" : "ipv6");
    } else if (bits === undefined && family === 0 && HOST_NAME.test(entry)) {
      out.names.add(entry);
    } else {
      throw new Error(`WEBHOOK_ALLOW_HOSTS: "${raw}" is not an address, a network (CIDR) or a host name`);
    }
    out.size++;
  }
  return out;
}

export function allowedTargets(env: NodeJS.ProcessEnv = process.env): AllowedTargets | undefined {
  const parsed = parseAllowedTargets(env.WEBHOOK_ALLOW_HOSTS);
  return parsed.size > 0 ? parsed : undefined;
}

const isAllowedName = (host: string, allow?: AllowedTargets) =>
  allow?.names.has(host.toLowerCase().replace(/\.$/, "")) ?? false;

/** Whether a webhook to `host` may connect to `address`: a public address, or one the operator allowed. */
export function mayReach(address: string, host: string, allow?: AllowedTargets): boolean {
  if (!isForbiddenAddress(address)) return true;
  if (!allow) return false;
  if (isAllowedName(host, allow)) return true;
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  return family === 4 ? allow.v4.check(bare, "ipv4") : family === 6 ? allow.v6.check(bare, "ipv6") : false;
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

/** How long a webhook host's DNS answer may take, per try (two tries). */
export const DNS_TIMEOUT_MS = 2_000;

/**
 * A public host name, resolved by DNS itself (c-ares, on the event loop), not by `dns.lookup`: that is getaddrinfo
 * on libuv's 4-thread pool, which file reads, compression and password hashing share, so a name whose server never
 * answers would hold a thread for every attempt and stall everyone. Short timeouts; A and AAAA side by side.
 */
function publicDnsResolver(): Resolver {
  const dns = new DnsResolver({ timeout: DNS_TIMEOUT_MS, tries: 2 });
  return async (host) => {
    // DNS does not answer for localhost (the system's hosts file does): it is loopback by definition (RFC 6761).
    if (/(^|\.)localhost\.?$/i.test(host)) return [{ address: "127.0.0.1", family: 4 }];
    const [v4, v6] = await Promise.allSettled([dns.resolve4(host), dns.resolve6(host)]);
    const found = [
      ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 })) : []),
      ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 })) : []),
    ];
    if (found.length === 0 && v4.status === "rejected") throw v4.reason;
    return found;
  };
}

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });
let dnsResolver: Resolver | null = null;
/**
 * The resolver for a webhook host. An internal receiver (WEBHOOK_ALLOW_PRIVATE=1, or a name WEBHOOK_ALLOW_HOSTS
 * lists) may be named only in /etc/hosts or by the system's own resolver: the system's lookup then. Otherwise DNS,
 * off the thread pool.
 */
function resolverFor(host: string, allowPrivate: boolean, allow?: AllowedTargets): Resolver {
  if (allowPrivate || isAllowedName(host, allow)) return systemResolver;
  return (dnsResolver ??= publicDnsResolver());
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; error: string };

/** Checks a URL a user typed for a webhook: http(s), no credentials, a host that resolves to public addresses. */
export async function checkWebhookUrl(
  raw: string,
  o: { allowPrivate: boolean; allow?: AllowedTargets; resolve?: Resolver },
): Promise<UrlCheck> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, error: "Enter a full URL, such as https://hooks.example.com/clusterdeck." };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { ok: false, error: "The URL must start with https:// (or http://)." };
  }
  if (url.username || url.password) {
    return {
      ok: false,
      error: "Leave credentials out of the URL; the signature header authenticates deliveries.",
    };
  }
  if (raw.length > 2000) return { ok: false, error: "That URL is too long (2000 characters at most)." };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (o.allowPrivate) return { ok: true, url };
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await (o.resolve ?? resolverFor(host, o.allowPrivate, o.allow))(host)).map(
        (a) => a.address,
      );
    } catch {
      return { ok: false, error: `${host} does not resolve.` };
    }
    if (addresses.length === 0) return { ok: false, error: `${host} does not resolve.` };
  }
  const bad = addresses.find((a) => !mayReach(a, host, o.allow));
  if (bad !== undefined) {
    // What an internal name resolves to stays in the server log: the page would otherwise map the private network.
    addressLog.info({ host, address: bad }, "webhook address refused: not public");
    return {
      ok: false,
      error: `${host} points at a private, loopback or link-local address; webhooks go to public addresses only.`,
    };
  }
  return { ok: true, url };
}

/**
 * A `lookup` for node:http(s) that resolves and refuses forbidden addresses, so the socket connects only to an
 * address that was checked (no window between the check and the connect).
 */
export function guardedLookup(allowPrivate: boolean, given?: Resolver, allow?: AllowedTargets) {
  return (
    hostname: string,
    options: { all?: boolean } | number,
    callback: (
      err: NodeJS.ErrnoException | null,
      address: string | { address: string; family: number }[],
      family?: number,
    ) => void,
  ): void => {
    const all = typeof options === "object" && options.all === true;
    (given ?? resolverFor(hostname, allowPrivate, allow))(hostname).then(
      (list) => {
        const ok = allowPrivate ? list : list.filter((a) => mayReach(a.address, hostname, allow));
        if (ok.length === 0 || ok.length !== list.length) {
          const err: NodeJS.ErrnoException = new Error(
            `${hostname} resolves to an address webhooks may not reach`,
          );
          err.code = "EFORBIDDENADDRESS";
          callback(err, all ? [] : "", 0);
          return;
        }
        if (all) callback(null, ok);
        else callback(null, ok[0]!.address, ok[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, all ? [] : "", 0),
    );
  };
}

/** The save-time check with the server's setting: null when the URL may be used, else why not. */
export async function webhookUrlProblem(
  url: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | null> {
  const check = await checkWebhookUrl(url, {
    allowPrivate: allowPrivateTargets(env),
    allow: allowedTargets(env),
  });
  return check.ok ? null : check.error;
}
