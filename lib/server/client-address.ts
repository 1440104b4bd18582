import "server-only";
import { env } from "@/lib/server/env";
import { PEER_CHAIN_HEADER } from "@/lib/server/node-server.mjs";

/**
 * The client address used for the per-address limits.
 *
 * Next.js gives route handlers, actions and proxy.ts no socket address, and `X-Forwarded-For` is whatever the client
 * sent when no proxy is in front. So the server entry (server.mjs) stamps every request, as it arrives, with a header
 * of its own (`PEER_CHAIN_HEADER`, lib/server/node-server.mjs): the `X-Forwarded-For` chain as received, plus the
 * socket's address appended — exactly what one more proxy would write. The stamp *replaces* any copy the client
 * sent, so it cannot be forged; a request without it (`next dev`, which has no entry in front) counts as address
 * "unknown", one shared bucket.
 *
 * Which entry is the client is the operator's call (`TRUSTED_PROXIES`, default 0): with 0 it is the socket address
 * (the right-most entry); with n, the n right-most entries are the trusted proxies' own hops and the one before them
 * is the client. Entries further left were written by the client itself and are never used.
 */
export { PEER_CHAIN_HEADER };

const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * The address without a port, as some proxies write it in `X-Forwarded-For` (`203.0.113.9:51234`,
 * `[2001:db8::1]:51234`): keyed with its port, every connection would be a bucket of its own. A bare IPv6 address has
 * colons but no port.
 */
function withoutPort(hop: string): string {
  const v4 = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(hop);
  if (v4) return v4[1]!;
  const v6 = /^\[([0-9A-Fa-f:.]+)\](?::\d+)?$/.exec(hop);
  return v6 ? v6[1]! : hop;
}

export function clientAddress(headers: Headers, trustedProxies = env().TRUSTED_PROXIES): string {
  const chain = headers.get(PEER_CHAIN_HEADER);
  if (chain === null) return "unknown";
  const hops = chain
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // Fewer hops than trusted proxies: the left-most is the furthest anyone vouches for.
  const candidate = hops[Math.max(0, hops.length - 1 - trustedProxies)] ?? "";
  const address = withoutPort(candidate)
    // An IPv4-mapped IPv6 socket address (::ffff:1.2.3.4) is the IPv4 client.
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
  // Bound what reaches the database key; an address is never this long.
  return ADDRESS.test(address) ? address : "unknown";
}
